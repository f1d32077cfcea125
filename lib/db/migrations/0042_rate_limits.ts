import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/** Fixed-window counters of credential attempts, shared by every app process (lib/throttle). */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("bucket", "text", (c) => c.primaryKey())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_window_idx").on("rate_limits").column("window_start").execute();
}
