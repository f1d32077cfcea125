import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Teams and accountability: sign-in facts and two-factor on users, invitations, the local
 * outbox, the per-merchant audit hash chain, the API request log and saved payment-list views.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  for (const [name, type] of [
    ["last_sign_in_at", "bigint"],
    ["password_changed_at", "bigint"],
    ["totp_secret", "text"], // sealed
    ["totp_enabled_at", "bigint"],
    ["totp_last_step", "bigint"], // a code is accepted once
    ["default_view_id", "text"],
  ] as const) {
    await db.schema.alterTable("users").addColumn(name, type).execute();
  }
  await db.schema
    .alterTable("merchants")
    .addColumn("require_two_factor", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("recovery_codes_user_idx")
    .on("recovery_codes")
    .columns(["user_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull().references("merchants.id"))
    .addColumn("store_id", "text")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("accepted_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema
    .createIndex("invitations_merchant_idx")
    .on("invitations")
    .columns(["merchant_id", "created_at"])
    .execute();

  await db.schema
    .createTable("outbox_mails")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("to_email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body_sealed", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("outbox_mails_merchant_idx")
    .on("outbox_mails")
    .columns(["merchant_id", "created_at"])
    .execute();

  await db.schema
    .createTable("audit_heads")
    .addColumn("merchant_id", "text", (c) => c.primaryKey())
    .addColumn("seq", "bigint", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("seq", "bigint", (c) => c.notNull())
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("prev_hash", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_seq_uq").on("audit_log").columns(["merchant_id", "seq"]).unique().execute();
  await db.schema.createIndex("audit_log_time_idx").on("audit_log").columns(["merchant_id", "created_at"]).execute();

  await db.schema
    .createTable("api_request_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("api_key_id", "text")
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("payment_id", "text")
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("latency_ms", "integer", (c) => c.notNull())
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text")
    .addColumn("request_body", "text")
    .addColumn("response_body", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("api_request_log_time_idx")
    .on("api_request_log")
    .columns(["merchant_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("api_request_log_payment_idx")
    .on("api_request_log")
    .columns(["merchant_id", "payment_id"])
    .execute();
  await db.schema.createIndex("api_request_log_retention_idx").on("api_request_log").column("created_at").execute();

  await db.schema
    .createTable("saved_views")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("shared", "integer", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("columns", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("saved_views_merchant_idx")
    .on("saved_views")
    .columns(["merchant_id", "created_at"])
    .execute();
}
