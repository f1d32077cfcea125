import { findRequestLogEntry, type RequestLogScope } from "./repository";
import { type RequestLogDetail, toRequestLogRow } from "./serialize";

/** One entry with its (redacted) bodies; another merchant's id is not found. */
export async function getRequestLogEntry({
  ctx: scope,
  input: { id },
}: {
  ctx: RequestLogScope;
  input: { id: string };
}): Promise<RequestLogDetail | null> {
  const r = await findRequestLogEntry(scope, id);
  return r ? { ...toRequestLogRow(r), requestBody: r.request_body, responseBody: r.response_body } : null;
}
