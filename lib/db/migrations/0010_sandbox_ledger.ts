import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/** The sandbox provider's ledger (lib/db/tables/sandbox.ts): its side of every charge and refund. */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("sandbox_pg_payments")
    .addColumn("pg_tx_id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().unique())
    .addColumn("pg_merchant_id", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("cancelled_amount", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("pg_billing_key", "text")
    .addColumn("card", "text")
    .addColumn("approval_number", "text")
    .addColumn("bank", "text")
    .addColumn("account_number", "text")
    .addColumn("account_type", "text")
    .addColumn("remittee_name", "text")
    .addColumn("expires_at", "bigint")
    .addColumn("behaviour", "text")
    .addColumn("decline_code", "text")
    .addColumn("decline_message", "text")
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addColumn("completes_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sandbox_pg_payments_account_time_idx")
    .on("sandbox_pg_payments")
    .columns(["pg_merchant_id", "received_at", "pg_tx_id"])
    .execute();

  await db.schema
    .createTable("sandbox_pg_cancellations")
    .addColumn("pg_cancellation_id", "text", (c) => c.primaryKey())
    .addColumn("cancel_id", "text", (c) => c.notNull().unique())
    .addColumn("pg_tx_id", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("pg_merchant_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("tax_free_amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("refusal_code", "text")
    .addColumn("refusal_message", "text")
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addColumn("completes_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sandbox_pg_cancellations_account_time_idx")
    .on("sandbox_pg_cancellations")
    .columns(["pg_merchant_id", "received_at", "pg_cancellation_id"])
    .execute();

  await db.schema
    .createTable("sandbox_pg_billing_keys")
    .addColumn("pg_billing_key", "text", (c) => c.primaryKey())
    .addColumn("issue_id", "text", (c) => c.notNull().unique())
    .addColumn("pg_merchant_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("card", "text")
    .addColumn("carrier", "text")
    .addColumn("behaviour", "text")
    .addColumn("issued_at", "bigint", (c) => c.notNull())
    .addColumn("deleted_at", "bigint")
    .execute();
}
