import { REDACTED, redactMembers, redactPathAndQuery, scrubText, TOO_DEEP } from "@/lib/security/redaction";

/**
 * What the request log keeps of a request: the shared redaction rules (lib/security/redaction.ts)
 * applied to its path, query and bodies, with secret members shown as asterisks.
 */
export { REDACTED, TOO_DEEP };

/** Bodies above this are not kept (a cut JSON document could not be redacted member by member). */
export const MAX_BODY_CHARS = 65_536;

export function omittedBody(length: number): string {
  return `[${length} characters, not kept]`;
}

/**
 * A body as stored in the request log: secret JSON members replaced, card numbers, keys, tokens and
 * resident numbers masked wherever they appear (non-JSON text too).
 */
export function redactBody(text: string | null): string | null {
  if (text === null || text === "") return null;
  if (text.length > MAX_BODY_CHARS) return omittedBody(text.length);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return scrubText(text);
  }
  return redactJson(parsed);
}

/** An already parsed body of any JSON type (the request's), redacted and serialised; null when there was none. */
export function redactJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const out = JSON.stringify(redactMembers(value, { censor: REDACTED }));
  return out.length > MAX_BODY_CHARS ? omittedBody(out.length) : out;
}

/** The path with its query, each segment and parameter scrubbed, secret-named parameters emptied. */
export function redactPath(pathAndQuery: string): string {
  return redactPathAndQuery(pathAndQuery, REDACTED);
}

/** A header-supplied value kept in a column of its own (request id, idempotency key). */
export function redactText(text: string | null): string | null {
  return text === null ? null : scrubText(text);
}
