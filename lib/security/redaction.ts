/**
 * The redaction rules every log shares (the API request log, the application logs): which members
 * hold secrets, which values look like secrets, what a card number is. Pure functions of their
 * input (no database, no I/O, no Node-only API), so they run wherever the writing happens.
 * docs/security.md ("Redaction") lists the rules and the exceptions with their reasons.
 */
import { passesLuhn } from "@/lib/cards/card-number";

// Members named like a secret, compared without case, `_` or `-`.
const SECRET_NAME = /password|passwd|secret|token|key/;
// Members that hold secrets without saying so in their name.
const SECRET_NAMES = new Set([
  "cardnumber",
  "cvc",
  "cvv",
  "otp",
  "identitynumber",
  "birthorbusinessregistrationnumber",
  "authorization",
  "cookie",
]);
/**
 * Named like a secret but not one: each identifies something and grants nothing without the
 * merchant's API secret (reasons in docs/security.md).
 */
export const NOT_SECRET_NAMES = [
  "key",
  "channel_key",
  "channelKey",
  "group_key",
  "groupKey",
  "idempotency_key",
  "idempotencyKey",
  "billing_key",
  "billingKey",
  "billing_keys",
  "billingKeys",
  "paymentKey",
  "payment_key",
  "transactionKey",
  "transaction_key",
  "lastTransactionKey",
  "last_transaction_key",
] as const;
const NOT_SECRET = new Set(NOT_SECRET_NAMES.map(normalName));
// What is said about a secret, not the secret: its id, hint, prefix, hash, name, time, type or count.
const ABOUT_A_SECRET = /(id|ids|hint|prefix|hash|name|at|type|count)$/;

function normalName(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, "");
}

/** Whether a member (JSON member, query parameter, log field) of this name never keeps its value. */
export function isSecretMember(name: string): boolean {
  const n = normalName(name);
  if (SECRET_NAMES.has(n)) return true;
  return SECRET_NAME.test(n) && !NOT_SECRET.has(n) && !ABOUT_A_SECRET.test(n);
}

/** Values that are secrets by their prefix, wherever they appear, and what they become. */
const SECRET_VALUES: [RegExp, string][] = [
  // Our API keys (sk_), Toss's secret keys (live_sk_, test_sk_, live_gsk_, test_gsk_).
  [/(?<![A-Za-z0-9])((?:live_|test_)?g?sk_)[A-Za-z0-9_-]{12,}/g, "$1[redacted]"],
  // Refresh tokens; shorter rt_ strings are record ids (rt_ + a 26-character id).
  [/(?<![A-Za-z0-9])rt_[A-Za-z0-9_-]{32,}/g, "rt_[redacted]"],
  [/whsec_[A-Za-z0-9+/_-]{16,}={0,2}/g, "whsec_[redacted]"],
  [/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]+/g, "[redacted-jwt]"],
  // An Authorization credential quoted anywhere (16+ characters, so prose such as "bearer
  // credentials" stays).
  [/\b(Bearer|PortOne|Basic)(\s+|%20|\+)[A-Za-z0-9._~+/=-]{16,}/gi, "$1$2[redacted]"],
];

// A 13-digit resident registration number (YYMMDD-Gxxxxxx), alone.
const RESIDENT_NUMBER = /(?<![0-9A-Za-z])\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-?[1-8]\d{6}(?![0-9A-Za-z])/g;

// Digit groups joined by single spaces or dashes; a card number is whole groups of such a run.
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g;
const MIN_PAN = 13;
const MAX_PAN = 19;

export type CardNumberHit = { start: number; end: number; digits: string };

type Group = { start: number; end: number };

function groupsOf(run: string, offset: number): Group[] {
  const groups: Group[] = [];
  for (const m of run.matchAll(/\d+/g)) groups.push({ start: offset + m.index, end: offset + m.index + m[0].length });
  return groups;
}

/**
 * A run of 13–19 digits that passes Luhn, plain or grouped by single spaces or dashes however the
 * groups fall (`5555 5555 5555 4444`, `4111-1111-1111-1111`, `3782 822463 10005`). It starts and
 * ends at a group's edge; 13 digits count only with a leading 4 (the one 13-digit scheme, an old
 * Visa), so epoch-millisecond times are not card numbers. `standalone` (the scanners') also
 * requires the run not to touch a letter, digit, `_`, `*` or a joining `-`, as in ids.
 */
export function findCardNumbers(text: string, { standalone = false } = {}): CardNumberHit[] {
  const hits: CardNumberHit[] = [];
  for (const m of text.matchAll(DIGIT_RUN)) {
    const run = m[0];
    if (run.length < MIN_PAN) continue;
    if (standalone && (/[\w*-]/.test(text[m.index - 1] ?? "") || /[\w*-]/.test(text[m.index + run.length] ?? "")))
      continue;
    const groups = groupsOf(run, m.index);
    for (let i = 0; i < groups.length; i++) {
      let digits = "";
      for (let j = i; j < groups.length; j++) {
        digits += text.slice(groups[j]!.start, groups[j]!.end);
        if (digits.length > MAX_PAN) break;
        if (digits.length < MIN_PAN || (digits.length === MIN_PAN && digits[0] !== "4")) continue;
        if (passesLuhn(digits)) hits.push({ start: groups[i]!.start, end: groups[j]!.end, digits });
      }
    }
  }
  return hits;
}

/** Every card number keeps its first six and last four digits; the rest become `*`, separators kept. */
function maskCardNumbers(text: string): string {
  const hits = findCardNumbers(text);
  if (hits.length === 0) return text;
  // Indexes are UTF-16 code units, as the matches report them.
  const units = text.split("");
  for (const hit of hits) {
    let seen = 0;
    for (let k = hit.start; k < hit.end; k++) {
      // Read the original: an overlapping hit may already have masked this unit.
      if (!/\d/.test(text[k]!)) continue;
      if (seen >= 6 && seen < hit.digits.length - 4) units[k] = "*";
      seen += 1;
    }
  }
  return units.join("");
}

// Everything scrubText changes holds six digits (grouped or not) or one of these words.
const QUICK_CHECK = /\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d|sk_|rt_|whsec_|eyJ|bearer|portone|basic/i;

/**
 * Masks, in any text, secrets by their shape: card numbers (first six and last four kept), keys
 * and tokens by prefix, JWTs, Authorization credentials and resident numbers.
 */
export function scrubText(text: string): string {
  if (!QUICK_CHECK.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of SECRET_VALUES) out = out.replace(pattern, replacement);
  return maskCardNumbers(out).replace(RESIDENT_NUMBER, REDACTED);
}

/** What a secret becomes in the request log: asterisks, the shape every masked value has (the at-rest scan knows it). */
export const REDACTED = "********";

/** Deeper than any body the API accepts (input rules stop at 32 levels): kept as a marker, never walked. */
export const MAX_DEPTH = 40;
export const TOO_DEEP = "[nested too deep, not kept]";

export type RedactOptions = {
  /** What a secret member's value becomes. */
  censor: string;
  /** Walk only plain objects and arrays, leaving class instances (an Error for pino's serializer) as they are. */
  plainOnly?: boolean;
};

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A JSON value (or a log line's fields) with secret members replaced, whatever their value's shape
 * (an object under `otp` is not walked), and every string scrubbed. A member named `__proto__`
 * stays a member: the copy has no prototype.
 */
export function redactMembers(value: unknown, options: RedactOptions, key: string | null = null, depth = 0): unknown {
  if (key !== null && value !== null && value !== undefined && isSecretMember(key)) return options.censor;
  if (typeof value === "string") return redactString(value, options, depth);
  if (!value || typeof value !== "object") return value;
  if (options.plainOnly && !Array.isArray(value) && !isPlain(value)) return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => redactMembers(v, options, null, depth + 1));
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = Object.create(null);
  for (const k of Object.keys(source)) out[k] = redactMembers(source[k], options, k, depth + 1);
  return out;
}

// A string holding a JSON document (a provider's answer kept as text, say) is redacted as one.
const LOOKS_LIKE_JSON = /^\s*[[{]/;

function redactString(text: string, options: RedactOptions, depth: number): string {
  if (LOOKS_LIKE_JSON.test(text) && depth < MAX_DEPTH) {
    try {
      const parsed: unknown = JSON.parse(text);
      const redacted = JSON.stringify(redactMembers(parsed, options, null, depth + 1));
      return redacted === JSON.stringify(parsed) ? text : redacted;
    } catch {
      // not JSON after all
    }
  }
  return scrubText(text);
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replaceAll("+", " "));
  } catch {
    return part;
  }
}

/** A path or query piece: kept as sent unless its decoded text holds something scrubText masks. */
function scrubUrlPart(part: string): string {
  const text = decoded(part);
  const scrubbed = scrubText(text);
  if (scrubbed !== text) return encodeURIComponent(scrubbed).replaceAll("%2A", "*");
  // Encoded forms a decoder would read as one (e.g. `%73k_…`) are caught by the decoded check;
  // the raw form is scrubbed as well for anything a decoder refused.
  return scrubText(part);
}

/**
 * A request's path and query as the request log keeps them: every path segment and parameter
 * scrubbed, and a parameter named like a secret (`?api_key=…`, `?Password=…`) keeps no value.
 */
export function redactPathAndQuery(pathAndQuery: string, censor: string): string {
  const cut = pathAndQuery.indexOf("?");
  const path = cut < 0 ? pathAndQuery : pathAndQuery.slice(0, cut);
  const query = cut < 0 ? null : pathAndQuery.slice(cut + 1);
  const safePath = path.split("/").map(scrubUrlPart).join("/");
  if (query === null) return safePath;
  const params = query.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (eq < 0) return scrubUrlPart(name);
    return `${scrubUrlPart(name)}=${isSecretMember(decoded(name)) ? censor : scrubUrlPart(pair.slice(eq + 1))}`;
  });
  return `${safePath}?${params.join("&")}`;
}
