import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * List pages that sorted a whole filtered window (measured at 1M payments, docs/benchmarks.md):
 * `is_scheduled_payment=true` read every scheduled payment of the window through
 * (merchant_id, is_primary, schedule_id, …) and sorted them. Partial indexes over scheduled
 * payments in time order serve the page (no sort) and its count; the filter is written
 * `schedule_id IS NOT NULL` to match them. The old index served nothing else: dropped, so inserts
 * keep the same number of indexes to update.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await sql`create index transactions_list_scheduled_idx on transactions (merchant_id, is_primary, status_updated_at, store_id) where schedule_id is not null`.execute(
    db,
  );
  await sql`create index transactions_list_scheduled_requested_idx on transactions (merchant_id, is_primary, requested_at, store_id) where schedule_id is not null`.execute(
    db,
  );
  await sql`drop index transactions_list_schedule_id_idx`.execute(db);
}
