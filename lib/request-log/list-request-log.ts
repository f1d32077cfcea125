import { pageRequestLog, type RequestLogScope } from "./repository";
import type { RequestLogFilters } from "./schema";
import { type RequestLogRow, toRequestLogRow } from "./serialize";

const PAGE = 50;

/** Newest first, keyset-paged by id (ids are time-ordered); a store-limited user sees their store's only. */
export async function listRequestLog({
  ctx: scope,
  input: f,
}: {
  ctx: RequestLogScope;
  input: RequestLogFilters;
}): Promise<{ rows: RequestLogRow[]; next: string | null }> {
  const rows = await pageRequestLog(scope, f, PAGE + 1);
  const page = rows.slice(0, PAGE).map(toRequestLogRow);
  return { rows: page, next: rows.length > PAGE ? page[page.length - 1]!.id : null };
}
