import { sql } from "kysely";
import { dialect, getDb } from "@/lib/db/client";
import { fromHourlyRollup } from "./hourly-rollup";
import { type PaidVolumeQuery, zoneBucket } from "./paid-volume";

/** Refunded count and amount of one currency in one chart bucket. */
export type RefundBucket = { currency: string; b: number; n: number; amount: number };

/**
 * The overview's refunds (SUCCEEDED cancellations, by when they were cancelled and their payment's
 * mode and currency) grouped by bucket and currency. Whole UTC hours are summed from
 * refund_volume_hours (+ deltas not yet folded in, PostgreSQL; migration 0093) and only the
 * cancellations after the last whole hour are joined to their payments, as paidBuckets does for
 * paid volume (same rule for zones that are not a whole number of hours from UTC: rows).
 */
export function refundBuckets(q: PaidVolumeQuery): Promise<RefundBucket[]> {
  return fromHourlyRollup(q, { hours: summedHours, rows: refundRows, keyOf: (r) => `${r.currency} ${r.b}` });
}

/** Refunds counted one by one, joined to their payments (the tail after the last whole hour, and zones the hours do not fit). */
export async function refundRows(q: PaidVolumeQuery): Promise<RefundBucket[]> {
  const rows = await getDb()
    .selectFrom("cancellations as c")
    .innerJoin("transactions as t", "t.id", "c.transaction_id")
    .select((eb) => [
      "t.currency",
      zoneBucket("c.cancelled_at", q).as("b"),
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>("c.cancel_amount").as("amount"),
    ])
    .where("c.store_id", "=", q.storeId)
    .where("c.status", "=", sql.lit("SUCCEEDED"))
    .where("c.cancelled_at", ">=", q.start)
    .where("c.cancelled_at", "<=", q.end)
    .where("t.channel_type", "=", q.mode)
    .groupBy(["t.currency", sql`b`])
    .execute();
  return rows.map((r) => ({ currency: r.currency, b: Number(r.b), n: Number(r.n), amount: Number(r.amount) }));
}

/**
 * Whole hours from the rollup. On PostgreSQL the deltas not yet folded are read in the same
 * statement (one snapshot): read apart, a fold committing between the two reads would hide or
 * double its rows.
 */
async function summedHours(q: PaidVolumeQuery, before: number): Promise<RefundBucket[]> {
  if (before <= q.start) return [];
  const db = getDb();
  const hours = (table: "refund_volume_hours" | "refund_volume_deltas") =>
    db
      .selectFrom(table)
      .select(["currency", "hour", "n", "amount"])
      .where("store_id", "=", q.storeId)
      .where("channel_type", "=", q.mode)
      .where("hour", ">=", q.start)
      .where("hour", "<", before);
  const source =
    dialect() === "postgres"
      ? hours("refund_volume_hours").unionAll(hours("refund_volume_deltas"))
      : hours("refund_volume_hours");
  const rows = await db
    .selectFrom(source.as("h"))
    .select("currency")
    .select((eb) => [
      zoneBucket("hour", q).as("b"),
      eb.fn.sum<number>("n").as("n"),
      eb.fn.sum<number>("amount").as("amount"),
    ])
    .groupBy(["currency", sql`b`])
    .execute();
  return rows.map((r) => ({ currency: r.currency, b: Number(r.b), n: Number(r.n), amount: Number(r.amount) }));
}
