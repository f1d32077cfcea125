import { scrubLogLine } from "@/lib/ops/log-scrub";

/** Members whose value is never kept: card data, passwords, resident numbers, OTPs, credentials. */
const SECRET_MEMBERS = new Set([
  "card_number",
  "cvc",
  "password",
  "password_two_digits",
  "birth_or_business_registration_number",
  "identity_number",
  "identityNumber",
  "otp",
  "apiKey",
  "api_key",
  "accessToken",
  "access_token",
  "refreshToken",
  "refresh_token",
  "secret",
  "webhook_secret",
]);

// A 13-digit resident registration number (YYMMDD-Gxxxxxx), alone.
const RESIDENT_NUMBER = /(?<![0-9A-Za-z])\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-?[1-8]\d{6}(?![0-9A-Za-z])/g;
// Card numbers are masked by scrubLogLine (Luhn) to the first six and last four digits.

/** What a secret becomes: asterisks, the shape every masked value has (the at-rest scan knows it). */
export const REDACTED = "********";

/** Deeper than any body the API accepts (input rules stop at 32 levels): kept as a marker, never walked. */
const MAX_DEPTH = 40;
export const TOO_DEEP = "[nested too deep, not kept]";

function redactValue(value: unknown, key: string | null, depth = 0): unknown {
  // Whatever its shape: an object or array under "otp" would otherwise be walked and its members,
  // not named as secrets themselves, kept in clear.
  if (key !== null && SECRET_MEMBERS.has(key) && value !== null) return REDACTED;
  if (value && typeof value === "object" && depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, null, depth + 1));
  if (value && typeof value === "object") {
    // Built member by member (every logged response is walked here once); without a prototype, so a
    // "__proto__" member of the body stays a member, as JSON.parse made it.
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = Object.create(null);
    for (const k of Object.keys(source)) out[k] = redactValue(source[k], k, depth + 1);
    return out;
  }
  if (typeof value === "string") return redactText(value);
  return value;
}

/** Shorter than the shortest thing masked (a 13-digit resident number; card numbers have 14+). */
const SHORTEST_MASKED = 13;
/** Everything masked has six digits in a row or one of these prefixes (scrubLogLine's quick check). */
const MAYBE_MASKED = /\d{6}|sk_|rt_|whsec_|eyJ/;

function redactText(text: string): string {
  if (text.length < SHORTEST_MASKED || !MAYBE_MASKED.test(text)) return text;
  return scrubLogLine(text).replace(RESIDENT_NUMBER, REDACTED);
}

/** Bodies above this are not kept (a cut JSON document could not be redacted member by member). */
export const MAX_BODY_CHARS = 65_536;

export function omittedBody(length: number): string {
  return `[${length} characters, not kept]`;
}

/**
 * A request or response body as stored in the request log: JSON members that hold secrets are
 * replaced, then card numbers, keys, tokens and resident numbers are masked wherever they appear.
 * A body that is not JSON is kept as text with the same masking.
 */
export function redactBody(text: string | null): string | null {
  if (text === null || text === "") return null;
  if (text.length > MAX_BODY_CHARS) return omittedBody(text.length);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return redactText(text);
  }
  return redactJson(parsed);
}

/** An already parsed body (the request's), redacted and serialised; null when there was none. */
export function redactJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const out = JSON.stringify(redactValue(value, null));
  return out.length > MAX_BODY_CHARS ? omittedBody(out.length) : out;
}
