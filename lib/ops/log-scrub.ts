/**
 * Last line of defence at the log sink: whatever a log call was given, a card number, an API key,
 * a refresh token, a webhook secret or a JWT never reaches the output. Field redaction in the
 * logger handles the known places; this catches the rest (an error message quoting input, say).
 */
import { passesLuhn } from "@/lib/cards/card-number";

// 14–19 digits, optionally grouped by single spaces or dashes (13-digit runs are epoch-ms times).
const PAN_CANDIDATE = /\d(?:[ -]?\d){13,18}/g;
const SECRETS: [RegExp, string][] = [
  [/\b(sk|rt)_[A-Za-z0-9_-]{32,}/g, "$1_[redacted]"],
  [/whsec_[A-Za-z0-9+/_-]{16,}={0,2}/g, "whsec_[redacted]"],
  [/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]+/g, "[redacted-jwt]"],
];
const QUICK_CHECK = /\d{6}|sk_|rt_|whsec_|eyJ/;

function maskPan(match: string): string {
  const digits = match.replace(/[ -]/g, "");
  return passesLuhn(digits) ? `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}` : match;
}

export function scrubLogLine(line: string): string {
  if (!QUICK_CHECK.test(line)) return line;
  let out = line.replace(PAN_CANDIDATE, maskPan);
  for (const [pattern, replacement] of SECRETS) out = out.replace(pattern, replacement);
  return out;
}
