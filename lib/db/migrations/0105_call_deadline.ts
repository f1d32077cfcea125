import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * When an attempt's provider call can no longer be in flight (its timeout plus a margin): a
 * look-up that finds no record before then leaves the outcome unknown, since the request may still
 * land (lib/payments/pay/look-up-attempt.ts). Set when the call is sent, again when a resumed
 * schedule run sends it anew. Null on older rows: their deadline follows from `requested_at`.
 * Nullable with no default: instant on both databases, whatever the table's size.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("transactions").addColumn("call_deadline_at", "bigint").execute();
}
