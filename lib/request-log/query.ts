import { sql } from "kysely";
import { getDb } from "@/lib/db/client";
import type { DashboardContext } from "@/lib/dashboard/context";
import type { RequestLogFilters } from "./schema";

export type RequestLogRow = {
  id: string;
  method: string;
  path: string;
  paymentId: string | null;
  status: number;
  latencyMs: number;
  requestId: string;
  idempotencyKey: string | null;
  key: { id: string; name: string; prefix: string } | null;
  createdAt: string;
};

export type RequestLogDetail = RequestLogRow & { requestBody: string | null; responseBody: string | null };

const PAGE = 50;

type Scope = Pick<DashboardContext, "merchantId" | "storeId" | "storeLimited">;

function base(scope: Scope) {
  let q = getDb()
    .selectFrom("api_request_log as l")
    .leftJoin("api_keys as k", "k.id", "l.api_key_id")
    .where("l.merchant_id", "=", scope.merchantId);
  // A store-limited user sees only the requests made on their store.
  if (scope.storeLimited) q = q.where("l.store_id", "=", scope.storeId);
  return q;
}

const COLUMNS = ["l.id", "l.method", "l.path", "l.payment_id", "l.status", "l.latency_ms", "l.request_id", "l.idempotency_key", "l.created_at", "l.api_key_id", "k.name as key_name", "k.key_prefix"] as const;

function toRow(r: { id: string; method: string; path: string; payment_id: string | null; status: number; latency_ms: number; request_id: string; idempotency_key: string | null; created_at: number; api_key_id: string | null; key_name: string | null; key_prefix: string | null }): RequestLogRow {
  return {
    id: r.id,
    method: r.method,
    path: r.path,
    paymentId: r.payment_id,
    status: Number(r.status),
    latencyMs: Number(r.latency_ms),
    requestId: r.request_id,
    idempotencyKey: r.idempotency_key,
    key: r.api_key_id ? { id: r.api_key_id, name: r.key_name ?? "", prefix: r.key_prefix ?? "" } : null,
    createdAt: new Date(Number(r.created_at)).toISOString(),
  };
}

/** Newest first, keyset-paged by id (ids are time-ordered). */
export async function listRequestLog(scope: Scope, f: RequestLogFilters): Promise<{ rows: RequestLogRow[]; next: string | null }> {
  let q = base(scope).select(COLUMNS);
  if (f.status_class) q = q.where("l.status", ">=", f.status_class * 100).where("l.status", "<", f.status_class * 100 + 100);
  if (f.path) q = q.where(sql<boolean>`l.path like ${`${f.path.replace(/[%_\\]/g, "\\$&")}%`} escape '\\'`);
  if (f.key) q = q.where("l.api_key_id", "=", f.key);
  if (f.payment) q = q.where("l.payment_id", "=", f.payment);
  if (f.from) q = q.where("l.created_at", ">=", f.from);
  if (f.until) q = q.where("l.created_at", "<", f.until);
  if (f.cursor) q = q.where("l.id", "<", f.cursor);
  const rows = await q.orderBy("l.id", "desc").limit(PAGE + 1).execute();
  const page = rows.slice(0, PAGE).map(toRow);
  return { rows: page, next: rows.length > PAGE ? page[page.length - 1]!.id : null };
}

/** One entry with its (redacted) bodies; another merchant's id is not found. */
export async function getRequestLogEntry(scope: Scope, id: string): Promise<RequestLogDetail | null> {
  const r = await base(scope).select([...COLUMNS, "l.request_body", "l.response_body"]).where("l.id", "=", id).executeTakeFirst();
  return r ? { ...toRow(r), requestBody: r.request_body, responseBody: r.response_body } : null;
}
