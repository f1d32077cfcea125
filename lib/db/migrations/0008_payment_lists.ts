import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Indexes behind GET /v2/payments, /v2/payments/scroll and the dashboard export (see
 * docs/payment-lists.md). The list filters primary transactions of one merchant within a time
 * window; each enum filter gets an index led by (merchant_id, is_primary, <filter>) then the
 * status time, carrying requested_at and store_id so counts stay index-only. Text search is a
 * prefix match: (merchant_id, column) indexes, with text_pattern_ops on PostgreSQL so LIKE 'x%'
 * can use them whatever the database collation.
 */
const FILTER_COLUMNS = ["status", "method", "pg_provider", "channel_type", "schedule_id"] as const;

const SEARCH_COLUMNS = [
  "payment_id",
  "id",
  "schedule_id",
  "billing_key",
  "order_name",
  "customer_name",
  "customer_email",
  "customer_phone",
  "pg_tx_id",
  "card_number",
  "card_approval_number",
  "virtual_account_number",
  "failure_reason",
] as const;

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const ops = dialect === "postgres" ? sql.raw(" text_pattern_ops") : sql.raw("");
  for (const column of FILTER_COLUMNS) {
    await sql`create index ${sql.id(`transactions_list_${column}_idx`)} on transactions (merchant_id, is_primary, ${sql.id(column)}, status_updated_at, requested_at, store_id)`.execute(
      db,
    );
  }
  // The most used filter also gets an index for windows on the request time.
  await sql`create index transactions_list_status_requested_idx on transactions (merchant_id, is_primary, status, requested_at, store_id)`.execute(
    db,
  );
  for (const column of SEARCH_COLUMNS) {
    await sql`create index ${sql.id(`transactions_search_${column}_idx`)} on transactions (merchant_id, ${sql.id(column)}${ops})`.execute(
      db,
    );
  }
  await sql`create index cancellations_search_reason_idx on cancellations (merchant_id, reason${ops})`.execute(db);
  // Scroll: keyset over creation time, merchant-wide or per store.
  await sql`create index transactions_scroll_merchant_idx on transactions (merchant_id, created_at, id)`.execute(db);
  await sql`create index transactions_scroll_store_idx on transactions (store_id, created_at, id)`.execute(db);
}
