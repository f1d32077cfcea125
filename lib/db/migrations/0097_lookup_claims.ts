import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Until when a sweeper's claim on a record's look-up lasts (lib/payments/unsettled/repository/
 * look-ups.ts). A claim also pushes `lookup_due_at` past its lease, which a backoff does too: this
 * column tells them apart, so "look up now" (the dashboard, a retried request) waits for a look-up
 * under way instead of overriding its claim and asking the provider a second time. Null when no
 * sweeper holds it; a claim whose sweeper died simply runs out. Nullable with no default: instant
 * on both databases, whatever the table's size.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  for (const table of ["transactions", "cancellations", "late_approvals"])
    await db.schema.alterTable(table).addColumn("lookup_claimed_until", "bigint").execute();
}
