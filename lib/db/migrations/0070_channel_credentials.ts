import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * LIVE channels' provider credentials (lib/channels/live.ts): the secret key sealed at rest
 * (lib/sealed.ts), its last four characters for recognition, and the last connection test.
 * One row per LIVE channel; TEST channels are served by the sandbox and have none.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("channel_credentials")
    .addColumn("channel_id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("secret_key_sealed", "text", (c) => c.notNull())
    .addColumn("secret_key_hint", "text", (c) => c.notNull())
    .addColumn("tested_at", "bigint")
    .addColumn("test_error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("channel_credentials_store_idx")
    .on("channel_credentials")
    .columns(["merchant_id", "store_id"])
    .execute();
}
