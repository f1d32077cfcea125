import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  let t = db.schema
    .createTable("cash_receipts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("transaction_id", "text")
    .addColumn("is_manual", "integer", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("channel_type", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("order_name", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull());
  for (const money of ["amount", "tax_free_amount"]) t = t.addColumn(money, "bigint", (c) => c.notNull());
  await t
    .addColumn("product_type", "text")
    .addColumn("customer_identifier", "text", (c) => c.notNull())
    .addColumn("customer_name", "text")
    .addColumn("customer_email", "text")
    .addColumn("pg_receipt_id", "text", (c) => c.notNull())
    .addColumn("pg_tx_id", "text", (c) => c.notNull())
    .addColumn("issue_number", "text", (c) => c.notNull())
    .addColumn("receipt_token", "text", (c) => c.notNull().unique())
    .addColumn("issued_at", "bigint", (c) => c.notNull())
    .addColumn("cancelled_at", "bigint")
    .addColumn("cancelled_amount", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("cash_receipts_payment_idx")
    .on("cash_receipts")
    .columns(["store_id", "payment_id", "issued_at"])
    .execute();
  await db.schema
    .createIndex("cash_receipts_transaction_idx")
    .on("cash_receipts")
    .columns(["transaction_id"])
    .execute();
  await db.schema
    .createIndex("cash_receipts_merchant_time_idx")
    .on("cash_receipts")
    .columns(["merchant_id", "store_id", "issued_at"])
    .execute();
  // At most one ISSUED receipt per payment: the race between two issuances is settled by the database.
  await db.schema
    .createIndex("cash_receipts_one_issued_idx")
    .on("cash_receipts")
    .columns(["store_id", "payment_id"])
    .unique()
    .where(sql.ref("status"), "=", "ISSUED")
    .execute();
}
