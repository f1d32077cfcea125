import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Indexes on `transactions` that no measured plan at 1M payments used (lib/db/transactions-indexes.ts
 * lists the ones that are): each was written by every payment's INSERT and outcome
 * UPDATE for nothing. What each did and what serves its queries now:
 * - billing_key_idx: a billing key's attempts use (merchant_id, billing_key) (search_billing_key_idx);
 * - idempotency_idx: the attempt by Idempotency-Key names the payment: (merchant_id, payment_id);
 * - overview_pending_idx: the overview counts PENDING from payment_counts; reconciliation's waiting
 *   attempts use (status, status_updated_at), as fast;
 * - scroll_store_idx: no PostgreSQL plan chose it; SQLite's store scroll is as fast on the merchant's.
 * SQLite only (its planner never chose them, the primary key and the requested-time indexes serve):
 * - search_id_idx: GLOB on the primary key (PostgreSQL's LIKE needs the text_pattern_ops index);
 * - list_scheduled_requested_idx.
 * And the one-primary unique index is led by payment_id, (payment_id, store_id) where is_primary = 1
 * (same rule): the attempt's primary-slot look-up checks store and merchant on the row, so under a
 * generic plan no store- or merchant-led index can tie with it (with ~1 row per store they did).
 * lib/db/transactions-indexes.ts lists what stays and why.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const dropped = [
    "transactions_billing_key_idx",
    "transactions_idempotency_idx",
    "transactions_overview_pending_idx",
    "transactions_scroll_store_idx",
  ];
  if (dialect === "sqlite") dropped.push("transactions_search_id_idx", "transactions_list_scheduled_requested_idx");
  for (const name of dropped) await sql`drop index ${sql.id(name)}`.execute(db);
  await sql`drop index transactions_one_primary_idx`.execute(db);
  await sql`create unique index transactions_one_primary_idx on transactions (payment_id, store_id) where is_primary = 1`.execute(
    db,
  );
}
