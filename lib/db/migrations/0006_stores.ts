import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("store_profiles")
    .addColumn("store_id", "text", (c) => c.primaryKey().references("stores.id"))
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("service_urls", "text", (c) => c.notNull())
    .addColumn("manager_name", "text")
    .addColumn("manager_phone_number", "text")
    .addColumn("manager_email", "text")
    .addColumn("representative", "text", (c) => c.notNull())
    .addColumn("business_license", "text", (c) => c.notNull())
    .addColumn("terms_agreed_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("store_profiles_merchant_idx")
    .on("store_profiles")
    .columns(["merchant_id", "created_at"])
    .execute();

  await db.schema
    .createTable("store_applications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull().references("stores.id"))
    .addColumn("pg_company", "text", (c) => c.notNull())
    .addColumn("methods", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_changed_at", "bigint", (c) => c.notNull())
    .addColumn("pg_specific_info", "text", (c) => c.notNull())
    .addColumn("failed_reason", "text")
    .addColumn("contract_status", "text")
    .addColumn("contract_status_changed_at", "bigint")
    .addColumn("pg_credential", "text")
    .addColumn("channel_id", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("store_applications_store_idx")
    .on("store_applications")
    .columns(["store_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("store_applications_merchant_idx")
    .on("store_applications")
    .columns(["merchant_id", "status"])
    .execute();

  await db.schema
    .createTable("store_application_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("application_id", "text", (c) => c.notNull().references("store_applications.id"))
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("from_value", "text")
    .addColumn("to_value", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("store_application_events_app_idx")
    .on("store_application_events")
    .columns(["application_id", "at"])
    .execute();
}
