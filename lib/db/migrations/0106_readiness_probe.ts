import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * /readyz writes one tiny row here (lib/ops/health.ts), so a database that can read but not write
 * (disk full, an I/O fault, a read-only server) makes the process not ready. Keyed by a probe id
 * (one row for all processes): a single row, updated in place.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("readiness_probe")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("checked_at", "bigint", (c) => c.notNull())
    .execute();
}
