import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("merchants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("has_hosting_contract", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("default_store_id", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("stores")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull().references("merchants.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tier_code", "text")
    .addColumn("webhook_url", "text")
    .addColumn("webhook_secret", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("stores_merchant_idx").on("stores").columns(["merchant_id", "created_at"]).execute();
  await db.schema
    .createIndex("stores_tier_code_uq")
    .on("stores")
    .columns(["merchant_id", "tier_code"])
    .unique()
    .execute();

  await db.schema
    .createTable("channels")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull().references("merchants.id"))
    .addColumn("store_id", "text", (c) => c.notNull().references("stores.id"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("pg_provider", "text", (c) => c.notNull())
    .addColumn("pg_merchant_id", "text", (c) => c.notNull())
    .addColumn("is_for_payment", "integer", (c) => c.notNull())
    .addColumn("is_for_identity_verification", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("channels_store_idx").on("channels").columns(["store_id", "created_at"]).execute();

  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull().references("merchants.id"))
    .addColumn("store_id", "text", (c) => c.references("stores.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("key_prefix", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_used_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("api_keys_merchant_idx").on("api_keys").columns(["merchant_id", "created_at"]).execute();

  await db.schema
    .createTable("token_families")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("api_key_id", "text", (c) => c.notNull().references("api_keys.id"))
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("family_id", "text", (c) => c.notNull().references("token_families.id"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("issued_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("rotated_at", "bigint")
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull().references("merchants.id"))
    .addColumn("store_id", "text", (c) => c.references("stores.id"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["merchant_id", "idempotency_key"])
    .execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("queue", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("run_at", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "bigint")
    .addColumn("last_error", "text")
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["state", "run_at"]).execute();
}
