import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Per-day sums of settlements (lib/settlements/repository/days.ts), kept by every write to
 * `settlements` in the same transaction: the payout list, the day-by-day table and a list's
 * total_count read a few rows per day instead of every settlement (bench/settlements.ts). The
 * list reads settlements by (store, payout date, id) instead of the covering index it replaces.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("settlement_days")
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("payout_on", "text", (c) => c.notNull())
    .addColumn("channel_id", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addColumn("gross", "bigint", (c) => c.notNull())
    .addColumn("fee_total", "bigint", (c) => c.notNull())
    .addColumn("vat_on_fees", "bigint", (c) => c.notNull())
    .addColumn("net", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("settlement_days_pkey", [
      "store_id",
      "payout_on",
      "channel_id",
      "currency",
      "status",
      "kind",
    ])
    .execute();
  await sql`insert into settlement_days (merchant_id, store_id, payout_on, channel_id, currency, status, kind, count, gross, fee_total, vat_on_fees, net)
    select merchant_id, store_id, payout_on, channel_id, currency, status, kind, count(*), sum(gross), sum(fee_total), sum(vat_on_fees), sum(net)
    from settlements group by merchant_id, store_id, payout_on, channel_id, currency, status, kind`.execute(db);
  await db.schema.dropIndex("settlements_payout_idx").execute();
  await db.schema
    .createIndex("settlements_list_idx")
    .on("settlements")
    .columns(["store_id", "payout_on", "id"])
    .execute();
}
