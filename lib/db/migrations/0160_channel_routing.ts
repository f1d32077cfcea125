import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Channel routing (lib/routing, docs/routing.md): channel groups per store, a circuit per channel
 * shared by every process, the recent provider calls that channel health is read from, and the
 * routing decision behind each attempt made through a group.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("channel_groups")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("definition", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("channel_groups_store_idx")
    .on("channel_groups")
    .columns(["merchant_id", "store_id", "created_at"])
    .execute();

  await db.schema
    .createTable("channel_circuits")
    .addColumn("channel_id", "text", (c) => c.primaryKey())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("consecutive_failures", "integer", (c) => c.notNull())
    .addColumn("opened_at", "bigint")
    .addColumn("probe_started_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("channel_calls")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("latency_ms", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("channel_calls_channel_at_idx")
    .on("channel_calls")
    .columns(["channel_id", "at"])
    .execute();
  await db.schema.createIndex("channel_calls_at_idx").on("channel_calls").columns(["at"]).execute();

  await db.schema
    .createTable("transaction_routing")
    .addColumn("transaction_id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("decision", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("transaction_routing_payment_idx")
    .on("transaction_routing")
    .columns(["merchant_id", "store_id", "payment_id"])
    .execute();
}
