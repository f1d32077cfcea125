import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("payment_id", "text")
    .addColumn("tx_id", "text")
    .addColumn("source_job_id", "text")
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("url_source", "text", (c) => c.notNull())
    .addColumn("trigger", "text", (c) => c.notNull())
    .addColumn("is_async", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_store_time_idx")
    .on("webhook_deliveries")
    .columns(["store_id", "created_at"])
    .execute();
  await db.schema.createIndex("webhook_deliveries_tx_idx").on("webhook_deliveries").columns(["tx_id"]).execute();
  await db.schema
    .createIndex("webhook_deliveries_source_job_idx")
    .on("webhook_deliveries")
    .columns(["source_job_id"])
    .execute();

  await db.schema
    .createTable("webhook_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("delivery_id", "text", (c) => c.notNull().references("webhook_deliveries.id"))
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("payment_id", "text")
    .addColumn("tx_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("execution", "integer", (c) => c.notNull())
    .addColumn("request_header", "text", (c) => c.notNull())
    .addColumn("request_body", "text", (c) => c.notNull())
    .addColumn("requested_at", "bigint", (c) => c.notNull())
    .addColumn("response_code", "integer")
    .addColumn("response_header", "text")
    .addColumn("response_body", "text")
    .addColumn("responded_at", "bigint")
    .addColumn("error", "text")
    .execute();
  await db.schema
    .createIndex("webhook_attempts_delivery_idx")
    .on("webhook_attempts")
    .columns(["delivery_id", "execution"])
    .execute();
  await db.schema
    .createIndex("webhook_attempts_tx_idx")
    .on("webhook_attempts")
    .columns(["tx_id", "requested_at"])
    .execute();

  await db.schema
    .createTable("webhook_secret_rotations")
    .addColumn("store_id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("previous_secret", "text", (c) => c.notNull())
    .addColumn("rotated_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();

  // Secrets were once generated as base64url; Standard Webhooks libraries decode standard base64.
  // Same bytes, standard alphabet: existing receivers' keys keep working.
  await sql`update stores set webhook_secret = 'whsec_' || replace(replace(substr(webhook_secret, 7), '-', '+'), '_', '/')
    where substr(webhook_secret, 1, 6) = 'whsec_'`.execute(db);
}
