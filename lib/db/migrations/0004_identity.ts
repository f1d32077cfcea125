import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("identity_verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("verification_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("channel_type", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("operator", "text", (c) => c.notNull())
    .addColumn("custom_data", "text")
    .addColumn("customer_id", "text")
    .addColumn("customer_name", "text", (c) => c.notNull())
    .addColumn("customer_phone", "text", (c) => c.notNull())
    .addColumn("identity_digit", "text")
    .addColumn("pg_session", "text")
    .addColumn("otp_hash", "text")
    .addColumn("otp_expires_at", "bigint")
    .addColumn("otp_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sent_at", "bigint")
    .addColumn("verified_customer", "text")
    .addColumn("verified_at", "bigint")
    .addColumn("pg_tx_id", "text")
    .addColumn("pg_raw_response", "text")
    .addColumn("requested_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("status_changed_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("identity_verifications_store_id_idx")
    .on("identity_verifications")
    .columns(["store_id", "verification_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("identity_verifications_merchant_time_idx")
    .on("identity_verifications")
    .columns(["merchant_id", "store_id", "created_at"])
    .execute();

  await db.schema
    .createTable("sandbox_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("verification_row_id", "text", (c) => c.notNull())
    .addColumn("verification_id", "text", (c) => c.notNull())
    .addColumn("phone_number", "text", (c) => c.notNull())
    .addColumn("sealed_text", "text", (c) => c.notNull())
    .addColumn("sealed_otp", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sandbox_messages_verification_idx")
    .on("sandbox_messages")
    .columns(["verification_row_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("sandbox_messages_store_time_idx")
    .on("sandbox_messages")
    .columns(["merchant_id", "store_id", "created_at"])
    .execute();
}
