import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { dialect, getDb } from "@/lib/db/client";
import { prefixMatch } from "@/lib/db/prefix-match";
import type { DB } from "@/lib/db/schema";
import type { PaymentFilterInput, TextSearchColumn, TimestampType } from "../schema";

/**
 * The filtered set of payments behind the paged list and the CSV export: one row per payment (its
 * primary transaction), scoped to the merchant and, when named or when the credential is
 * store-limited, one store. Every filter is served by an index of migration 0008.
 */
export type PaymentScope = { merchantId: string; storeId?: string };
export type TimeWindow = { start: number; end: number };

type Eb = ExpressionBuilder<DB, "transactions">;

function timeColumn(type: TimestampType) {
  return type === "REQUESTED_AT" ? ("requested_at" as const) : ("status_updated_at" as const);
}

const SEARCH_COLUMNS = {
  PAYMENT_ID: "payment_id",
  TX_ID: "id",
  SCHEDULE_ID: "schedule_id",
  BILLING_KEY: "billing_key",
  ORDER_NAME: "order_name",
  CUSTOMER_NAME: "customer_name",
  CUSTOMER_EMAIL: "customer_email",
  CUSTOMER_PHONE_NUMBER: "customer_phone",
  PG_TX_ID: "pg_tx_id",
  CARD_NUMBER: "card_number",
  CARD_APPROVAL_NUMBER: "card_approval_number",
  VIRTUAL_ACCOUNT_NUMBER: "virtual_account_number",
  FAIL_REASON: "failure_reason",
} as const;

function textSearch(eb: Eb, merchantId: string, column: TextSearchColumn, value: string): Expression<SqlBool> {
  const db = getDb();
  const byReason = db
    .selectFrom("cancellations")
    .select("transaction_id as id")
    .where("merchant_id", "=", merchantId)
    .where(() => prefixMatch("cancellations.reason", value));
  if (column === "CANCEL_REASON") return eb("transactions.id", "in", byReason);
  if (column !== "ALL") return prefixMatch(`transactions.${SEARCH_COLUMNS[column]}`, value);
  // A union of one index range per column (an OR of them would scan the whole window).
  const byColumn = Object.values(SEARCH_COLUMNS).map((c) =>
    db
      .selectFrom("transactions as s")
      .select("s.id")
      .where("s.merchant_id", "=", merchantId)
      .where(() => prefixMatch(`s.${c}`, value)),
  );
  const union = byColumn.reduce((acc, next) => acc.unionAll(next), byReason);
  return eb("transactions.id", "in", union);
}

/**
 * The WHERE of the list: scope, window on the chosen timestamp, then each filter the caller gave.
 * `search` is the dashboard's full-text match (lib/search): `selective` when its own index should
 * drive the query, otherwise a per-row test while the time index is walked.
 */
export function filteredPayments(
  scope: PaymentScope,
  filters: PaymentFilterInput,
  window: TimeWindow,
  search?: { where: (eb: Eb) => Expression<SqlBool>; selective: boolean },
) {
  const time = timeColumn(filters.timestamp_type);
  const value = filters.text_search_value;
  // Without statistics SQLite prefers the time-window index even when a search prefix is far more
  // selective; a unary + keeps it (and the enum indexes) out of the running for searches.
  const searching = value !== undefined || search?.selective === true;
  const unindexed = (column: string) =>
    searching && dialect() === "sqlite" ? sql`+${sql.ref(column)}` : sql.ref(column);
  let q = getDb()
    .selectFrom("transactions")
    .where("transactions.merchant_id", "=", scope.merchantId)
    .where(unindexed("transactions.is_primary"), "=", 1)
    .where(unindexed(`transactions.${time}`), ">=", window.start)
    .where(unindexed(`transactions.${time}`), "<=", window.end);
  if (scope.storeId) q = q.where("transactions.store_id", "=", scope.storeId);
  if (filters.status?.length) q = q.where("transactions.status", "in", filters.status);
  if (filters.methods?.length) q = q.where("transactions.method", "in", filters.methods);
  if (filters.pg_providers?.length) q = q.where("transactions.pg_provider", "in", filters.pg_providers);
  if (filters.failure_codes?.length) q = q.where("transactions.failure_pg_code", "in", filters.failure_codes);
  const channelKeys = filters.channel_keys;
  if (channelKeys?.length)
    q = q.where("transactions.channel_id", "in", (eb) =>
      eb
        .selectFrom("channels")
        .select("channels.id")
        .where("channels.merchant_id", "=", scope.merchantId)
        .where("channels.key", "in", channelKeys),
    );
  if (filters.is_test_payment !== undefined)
    q = q.where("transactions.channel_type", "=", filters.is_test_payment ? "TEST" : "LIVE");
  if (filters.is_scheduled_payment !== undefined) {
    // IS NOT NULL matches the partial time-ordered indexes of scheduled payments (migration 0091).
    q = filters.is_scheduled_payment
      ? q.where("transactions.schedule_id", "is not", null)
      : q.where("transactions.schedule_id", "is", null);
  }
  if (value !== undefined)
    q = q.where((eb) => textSearch(eb, scope.merchantId, filters.text_search_column ?? "ALL", value));
  if (search) q = q.where(search.where);
  return q;
}

export function sortOf(filters: PaymentFilterInput) {
  return {
    column: timeColumn(filters.sort_by ?? filters.timestamp_type),
    direction: filters.sort_order === "ASCENDING" ? ("asc" as const) : ("desc" as const),
  };
}
