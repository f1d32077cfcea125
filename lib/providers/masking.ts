/**
 * The masking rule at the provider boundary: a card number is kept as at most its first 6 and last 4
 * digits, whatever the PG sent (applied by `withMasking`, lib/providers/registry.ts).
 */
const KEPT_HEAD = 6;
const KEPT_TAIL = 4;

/** A PG's card number (e.g. Toss's `12341234****123*`, or a full number) with every digit outside the first 6 and last 4 places masked. */
export function maskPgCardNumber(number: string): string {
  const chars = [...number];
  return chars.map((c, i) => (i >= KEPT_HEAD && i < chars.length - KEPT_TAIL && /\d/.test(c) ? "*" : c)).join("");
}

// 13–19 characters of digits and mask signs (optionally grouped by spaces or dashes) with more than
// 10 digits: a card number, masked the PG's way or not at all.
const CARD_LIKE = /(?<![0-9A-Za-z*])[0-9*](?:[ -]?[0-9*]){12,18}(?![0-9A-Za-z*])/g;

function maskCardLike(match: string): string {
  const compact = match.replace(/[ -]/g, "");
  const digits = compact.replace(/\D/g, "").length;
  // A bare digit run that is not a card's length-and-mask shape (an epoch time, an amount) stays.
  if (digits <= KEPT_HEAD + KEPT_TAIL) return match;
  if (!compact.includes("*") && !/^\d{14,19}$/.test(compact)) return match;
  return maskPgCardNumber(compact);
}

/** Free text from a PG (a kept response, an error message) with every card-number shape masked. */
export function maskCardNumbersIn(text: string): string {
  return text.replace(CARD_LIKE, maskCardLike);
}

/** A card member (CardInfo, or a PG's own card object) with its number, BIN and name masked. */
function maskCard(card: Record<string, unknown>): Record<string, unknown> {
  const out = { ...card };
  if (typeof out.number === "string") out.number = maskPgCardNumber(out.number);
  if (typeof out.bin === "string") out.bin = out.bin.replace(/\D/g, "").slice(0, KEPT_HEAD);
  if (typeof out.name === "string") out.name = maskCardNumbersIn(out.name);
  return out;
}

/** Any adapter answer (approval, issue, look-up, failure, listing) with its card facts and texts masked. */
export function maskAnswer<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(maskAnswer) as T;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (key === "card" && member && typeof member === "object" && !Array.isArray(member))
      out[key] = maskCard(member as Record<string, unknown>);
    else if (typeof member === "string" && (key === "pgResponse" || key === "pgMessage"))
      out[key] = maskCardNumbersIn(member);
    else out[key] = maskAnswer(member);
  }
  return out as T;
}

/** The error an adapter threw, its message masked; its class (ProviderRefusal, say) kept. */
export function maskError(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === "string" ? maskCardNumbersIn(error) : error;
  const masked = maskCardNumbersIn(error.message);
  if (masked !== error.message) error.message = masked;
  return error;
}

const maskedProviders = new WeakMap<object, object>();

/** The provider with every answer and error passed through the masking rule (one wrapper per provider). */
export function withMasking<T extends object>(provider: T): T {
  const known = maskedProviders.get(provider);
  if (known) return known as T;
  const masked = maskedProxy(provider);
  maskedProviders.set(provider, masked);
  return masked;
}

function maskedProxy<T extends object>(provider: T): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(provider, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== "function") return member;
      if (!wrapped.has(property)) {
        wrapped.set(property, async (...args: unknown[]) => {
          try {
            return maskAnswer(await member.apply(target, args));
          } catch (error) {
            throw maskError(error);
          }
        });
      }
      return wrapped.get(property);
    },
  });
}
