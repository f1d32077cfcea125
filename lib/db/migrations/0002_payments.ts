import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  let t = db.schema
    .createTable("transactions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("is_primary", "integer", (c) => c.notNull())
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("channel_id", "text")
    .addColumn("channel_type", "text", (c) => c.notNull())
    .addColumn("pg_provider", "text")
    .addColumn("channel", "text")
    .addColumn("method", "text")
    .addColumn("schedule_id", "text")
    .addColumn("billing_key", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_updated_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("requested_at", "bigint", (c) => c.notNull())
    .addColumn("paid_at", "bigint")
    .addColumn("failed_at", "bigint")
    .addColumn("cancelled_at", "bigint")
    .addColumn("order_name", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull());
  for (const money of [
    "total_amount",
    "tax_free_amount",
    "discount_amount",
    "paid_amount",
    "cancelled_amount",
    "cancelled_tax_free_amount",
  ]) {
    t = t.addColumn(money, "bigint", (c) => c.notNull().defaultTo(0));
  }
  await t
    .addColumn("vat_amount", "bigint")
    .addColumn("customer_id", "text")
    .addColumn("customer_name", "text")
    .addColumn("customer_email", "text")
    .addColumn("customer_phone", "text")
    .addColumn("customer", "text", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("products", "text")
    .addColumn("product_count", "integer")
    .addColumn("custom_data", "text")
    .addColumn("country", "text")
    .addColumn("promotion_id", "text")
    .addColumn("is_cultural_expense", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_escrow", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("escrow_detail", "text")
    .addColumn("notice_urls", "text")
    .addColumn("failure_reason", "text")
    .addColumn("failure_pg_code", "text")
    .addColumn("failure_pg_message", "text")
    .addColumn("payment_method_detail", "text")
    .addColumn("card_number", "text")
    .addColumn("card_approval_number", "text")
    .addColumn("virtual_account_number", "text")
    .addColumn("pg_tx_id", "text")
    .addColumn("pg_response", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("transactions_payment_idx")
    .on("transactions")
    .columns(["store_id", "payment_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("transactions_merchant_status_time_idx")
    .on("transactions")
    .columns(["merchant_id", "is_primary", "status_updated_at"])
    .execute();
  await db.schema
    .createIndex("transactions_merchant_requested_idx")
    .on("transactions")
    .columns(["merchant_id", "is_primary", "requested_at"])
    .execute();
  await db.schema
    .createIndex("transactions_store_status_time_idx")
    .on("transactions")
    .columns(["store_id", "is_primary", "status_updated_at"])
    .execute();
  await db.schema
    .createIndex("transactions_store_requested_idx")
    .on("transactions")
    .columns(["store_id", "is_primary", "requested_at"])
    .execute();
  await db.schema.createIndex("transactions_billing_key_idx").on("transactions").columns(["billing_key"]).execute();

  await db.schema
    .createTable("cancellations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("transaction_id", "text", (c) => c.notNull().references("transactions.id"))
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("cancel_amount", "bigint", (c) => c.notNull())
    .addColumn("tax_free_amount", "bigint", (c) => c.notNull())
    .addColumn("vat_amount", "bigint")
    .addColumn("easy_pay_discount_amount", "bigint")
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("pg_cancellation_id", "text")
    .addColumn("requested_at", "bigint", (c) => c.notNull())
    .addColumn("cancelled_at", "bigint")
    .addColumn("refund_account", "text")
    .addColumn("failure_pg_code", "text")
    .addColumn("failure_pg_message", "text")
    .execute();
  await db.schema
    .createIndex("cancellations_transaction_idx")
    .on("cancellations")
    .columns(["transaction_id", "requested_at"])
    .execute();
}
