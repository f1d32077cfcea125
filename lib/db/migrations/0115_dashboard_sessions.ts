import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Dashboard sessions on the server (lib/sessions/): the signed cookie names a row here, checked on
 * every request, so signing out, a password or two-factor change, a role change or a removal
 * ends copies of the cookie too.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("dashboard_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("ended_at", "bigint")
    .execute();
  await db.schema.createIndex("dashboard_sessions_user_idx").on("dashboard_sessions").column("user_id").execute();
  await db.schema.createIndex("dashboard_sessions_expiry_idx").on("dashboard_sessions").column("expires_at").execute();
}
