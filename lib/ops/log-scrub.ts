/**
 * Last line of defence at the log sink: whatever a log call was given, a card number, an API key,
 * a refresh token, a webhook secret, a bearer credential or a JWT never reaches the output. The
 * logger's member redaction (redactLogFields) handles fields named like secrets; this catches the
 * rest (an error message quoting input, say). Both are the shared rules of lib/security/redaction.ts.
 */
import { redactMembers, scrubText } from "@/lib/security/redaction";

export function scrubLogLine(line: string): string {
  return scrubText(line);
}

/** A log line's fields with secret-named members censored; class instances (errors) are left to pino's serializers. */
export function redactLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  // Spread into a plain object: pino calls hasOwnProperty on the bindings; spreading keeps a
  // "__proto__" member a member.
  return { ...(redactMembers(fields, { censor: "[redacted]", plainOnly: true }) as Record<string, unknown>) };
}
