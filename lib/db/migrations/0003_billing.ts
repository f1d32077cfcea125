import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("billing_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("customer_id", "text")
    .addColumn("customer", "text", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("custom_data", "text")
    .addColumn("issue_id", "text")
    .addColumn("issue_name", "text")
    .addColumn("payment_method_detail", "text", (c) => c.notNull())
    .addColumn("card_number", "text")
    .addColumn("card_brand", "text")
    .addColumn("pg_billing_key", "text")
    .addColumn("failure_pg_code", "text")
    .addColumn("failure_pg_message", "text")
    .addColumn("requested_at", "bigint", (c) => c.notNull())
    .addColumn("issued_at", "bigint")
    .addColumn("deleted_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("billing_keys_store_created_idx")
    .on("billing_keys")
    .columns(["store_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("billing_keys_store_customer_idx")
    .on("billing_keys")
    .columns(["store_id", "customer_id"])
    .execute();

  let t = db.schema
    .createTable("schedules")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("billing_key", "text", (c) => c.notNull().references("billing_keys.id"))
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("scheduled_at", "bigint", (c) => c.notNull())
    .addColumn("started_at", "bigint")
    .addColumn("completed_at", "bigint")
    .addColumn("cancelled_at", "bigint")
    .addColumn("order_name", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull());
  for (const money of ["total_amount", "tax_free_amount"])
    t = t.addColumn(money, "bigint", (c) => c.notNull().defaultTo(0));
  await t
    .addColumn("is_cultural_expense", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_escrow", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("customer", "text", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("products", "text")
    .addColumn("custom_data", "text")
    .addColumn("notice_urls", "text", (c) => c.notNull())
    .addColumn("installment_month", "integer")
    .addColumn("request", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("schedules_store_scheduled_idx")
    .on("schedules")
    .columns(["store_id", "scheduled_at"])
    .execute();
  await db.schema.createIndex("schedules_billing_key_idx").on("schedules").columns(["billing_key", "status"]).execute();
  // One live booking per payment id: two concurrent bookings cannot both succeed.
  await db.schema
    .createIndex("schedules_live_payment_uq")
    .on("schedules")
    .columns(["store_id", "payment_id"])
    .unique()
    .where(sql.ref("status"), "in", ["SCHEDULED", "STARTED"])
    .execute();
  // A schedule makes at most one payment attempt, so it can never be charged twice.
  await db.schema
    .createIndex("transactions_schedule_uq")
    .on("transactions")
    .column("schedule_id")
    .unique()
    .where(sql.ref("schedule_id"), "is not", null)
    .execute();
}
