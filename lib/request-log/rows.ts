import { omittedBody, redactBody, redactJson, redactPath, redactText } from "./redact";
import type { RequestLogRecord } from "./repository";

/**
 * What the request path hands over: the parsed request body and the response text, redacted when
 * written; `request_body_omitted` is the length of a body too large to keep.
 */
export type PendingEntry = Omit<RequestLogRecord, "request_body"> & {
  request_body: unknown;
  request_body_omitted?: number;
};

/**
 * PostgreSQL text cannot hold NUL, and one such row would fail every batch it is retried in (a
 * hostile path or body is exactly what this log keeps): NUL is stored as U+FFFD.
 */
function withoutNul<T extends object>(row: T): T {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out))
    if (typeof value === "string" && value.includes("\u0000")) out[key] = value.replaceAll("\u0000", "\uFFFD");
  return out as T;
}

/** Redacted for storage; a body that cannot be redacted is not kept (the entry still is). */
function toRow(e: PendingEntry): RequestLogRecord {
  const safely = (fn: () => string | null) => {
    try {
      return fn();
    } catch {
      return "[not kept: could not be redacted]";
    }
  };
  const { request_body_omitted, ...row } = e;
  return {
    ...row,
    path: safely(() => redactPath(e.path)) ?? "",
    payment_id: redactText(e.payment_id),
    request_id: redactText(e.request_id) ?? "",
    idempotency_key: redactText(e.idempotency_key),
    request_body:
      request_body_omitted !== undefined ? omittedBody(request_body_omitted) : safely(() => redactJson(e.request_body)),
    response_body: safely(() => redactBody(e.response_body)),
  };
}

/** The rows to insert for a batch of queued entries. */
export function toRows(entries: PendingEntry[]): RequestLogRecord[] {
  return entries.map((e) => withoutNul(toRow(e)));
}
