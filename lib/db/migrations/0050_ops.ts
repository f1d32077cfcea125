import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * /metrics counts unsettled payment attempts and cancellations across every tenant on each
 * scrape: these indexes keep that an index range read instead of a table scan. Plain (not
 * partial) so a state added later is covered without a new index. Idempotent (if not exists).
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createIndex("transactions_status_updated_idx")
    .ifNotExists()
    .on("transactions")
    .columns(["status", "status_updated_at"])
    .execute();
  await db.schema
    .createIndex("cancellations_status_requested_idx")
    .ifNotExists()
    .on("cancellations")
    .columns(["status", "requested_at"])
    .execute();
}
