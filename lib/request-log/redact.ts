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
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, k, depth + 1)]));
  }
  if (typeof value === "string") return redactText(value);
  return value;
}

function redactText(text: string): string {
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
