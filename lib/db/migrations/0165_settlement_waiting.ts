import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * A PG's settlement row that names no record of ours yet waits for one (lib/settlements/rematch.ts):
 * `pg_order_id` keeps the order id the PG gave (our transaction id) so the row can be matched once
 * the payment settles, and a partial index finds the waiting rows (transaction_id is null) cheaply
 * on every derivation run.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("settlements").addColumn("pg_order_id", "text").execute();
  await sql`create index settlements_waiting_idx on settlements (channel_id, created_at) where transaction_id is null`.execute(
    db,
  );
}
