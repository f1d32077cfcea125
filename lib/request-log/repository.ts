import { sql } from "kysely";
import { getDb } from "@/lib/db/client";
import { bestEffortWrite } from "@/lib/db/transaction";
import type { ApiRequestLogTable } from "@/lib/db/tables/teams";
import type { RequestLogFilters } from "./schema";

/** One request as stored (bodies already redacted). */
export type RequestLogRecord = ApiRequestLogTable;

/** Whose requests a reader sees: a store-limited user only their store's. */
export type RequestLogScope = { merchantId: string; storeId: string; storeLimited: boolean };

/** A listed entry with its API key's name and prefix (null for a deleted key). */
export type RequestLogListRow = Pick<
  RequestLogRecord,
  | "id"
  | "method"
  | "path"
  | "payment_id"
  | "status"
  | "latency_ms"
  | "request_id"
  | "idempotency_key"
  | "created_at"
  | "api_key_id"
> & { key_name: string | null; key_prefix: string | null };

/** The writer thread's own connection, closed when it ends. */
export { closeDb } from "@/lib/db/client";

/** A lost batch costs only log lines: written without an fsync of its own (lib/db bestEffortWrite). */
export async function insertRequestLogRows(rows: RequestLogRecord[]): Promise<void> {
  await bestEffortWrite((db) => db.insertInto("api_request_log").values(rows).execute());
}

function base(scope: RequestLogScope) {
  let q = getDb()
    .selectFrom("api_request_log as l")
    .leftJoin("api_keys as k", "k.id", "l.api_key_id")
    .where("l.merchant_id", "=", scope.merchantId);
  if (scope.storeLimited) q = q.where("l.store_id", "=", scope.storeId);
  return q;
}

const COLUMNS = [
  "l.id",
  "l.method",
  "l.path",
  "l.payment_id",
  "l.status",
  "l.latency_ms",
  "l.request_id",
  "l.idempotency_key",
  "l.created_at",
  "l.api_key_id",
  "k.name as key_name",
  "k.key_prefix",
] as const;

/** Newest first, keyset-paged by id (ids are time-ordered). */
export async function pageRequestLog(
  scope: RequestLogScope,
  f: RequestLogFilters,
  limit: number,
): Promise<RequestLogListRow[]> {
  let q = base(scope).select(COLUMNS);
  if (f.status_class)
    q = q.where("l.status", ">=", f.status_class * 100).where("l.status", "<", f.status_class * 100 + 100);
  if (f.path) q = q.where(sql<boolean>`l.path like ${`${f.path.replace(/[%_\\]/g, "\\$&")}%`} escape '\\'`);
  if (f.key) q = q.where("l.api_key_id", "=", f.key);
  if (f.payment) q = q.where("l.payment_id", "=", f.payment);
  if (f.from) q = q.where("l.created_at", ">=", f.from);
  if (f.until) q = q.where("l.created_at", "<", f.until);
  if (f.cursor) q = q.where("l.id", "<", f.cursor);
  return q.orderBy("l.id", "desc").limit(limit).execute();
}

/** One entry with its bodies, in the reader's scope. */
export async function findRequestLogEntry(
  scope: RequestLogScope,
  id: string,
): Promise<(RequestLogListRow & { request_body: string | null; response_body: string | null }) | undefined> {
  return base(scope)
    .select([...COLUMNS, "l.request_body", "l.response_body"])
    .where("l.id", "=", id)
    .executeTakeFirst();
}
