import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Indexes behind the dashboard overview (lib/dashboard/overview.ts), each partial so it holds only
 * the rows it counts and each covering the columns summed, so the aggregates read the index alone.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await sql`create index transactions_overview_paid_idx on transactions (store_id, channel_type, paid_at, currency, method, pg_provider, paid_amount) where paid_at is not null`.execute(
    db,
  );
  await sql`create index transactions_overview_failed_idx on transactions (store_id, channel_type, failed_at, failure_pg_code) where status = 'FAILED'`.execute(
    db,
  );
  await sql`create index transactions_overview_pending_idx on transactions (store_id, requested_at) where status = 'PENDING'`.execute(
    db,
  );
  await sql`create index cancellations_overview_refund_idx on cancellations (store_id, cancelled_at, transaction_id, cancel_amount) where status = 'SUCCEEDED'`.execute(
    db,
  );
  await sql`create index cancellations_overview_failed_idx on cancellations (store_id, requested_at) where status = 'FAILED'`.execute(
    db,
  );
  await sql`create index webhook_deliveries_overview_failed_idx on webhook_deliveries (store_id, updated_at, url) where state = 'FAILED'`.execute(
    db,
  );
}
