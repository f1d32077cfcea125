import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Settlements (lib/settlements, docs/settlements.md): each channel's contract terms, one row per
 * payment or refund saying when the PG pays it out and after which fees, and the derivation job's
 * progress. A payment or refund has one row (`source_key`), EXPECTED from the contract until the PG
 * confirms it; a PG's row for a payment we do not know is kept under the PG's key.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("settlement_contracts")
    .addColumn("channel_id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("terms", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("settlements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("pg_provider", "text")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("source_key", "text", (c) => c.notNull().unique())
    .addColumn("payment_id", "text")
    .addColumn("transaction_id", "text")
    .addColumn("cancellation_id", "text")
    .addColumn("method", "text")
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("sold_on", "text", (c) => c.notNull())
    .addColumn("payout_on", "text", (c) => c.notNull())
    .addColumn("gross", "bigint", (c) => c.notNull())
    .addColumn("fees", "text", (c) => c.notNull())
    .addColumn("fee_total", "bigint", (c) => c.notNull())
    .addColumn("vat_on_fees", "bigint", (c) => c.notNull())
    .addColumn("net", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("pg_key", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // Day-by-day sums and a payout's rows: covering, so a day's totals read only the index.
  await db.schema
    .createIndex("settlements_payout_idx")
    .on("settlements")
    .columns(["store_id", "payout_on", "channel_id", "currency", "status", "gross", "fee_total", "vat_on_fees", "net"])
    .execute();
  await db.schema.createIndex("settlements_sold_idx").on("settlements").columns(["store_id", "sold_on"]).execute();
  await db.schema
    .createIndex("settlements_payment_idx")
    .on("settlements")
    .columns(["store_id", "payment_id"])
    .execute();
  // The derivation job finds refunds that settled since its cursor.
  await db.schema
    .createIndex("cancellations_settled_idx")
    .on("cancellations")
    .columns(["status", "cancelled_at"])
    .execute();
  await db.schema
    .createTable("settlement_cursors")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("position", "bigint", (c) => c.notNull())
    .execute();
}
