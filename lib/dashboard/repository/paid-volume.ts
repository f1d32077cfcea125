import { sql } from "kysely";
import { dialect, getDb } from "@/lib/db/client";
import { fromHourlyRollup } from "./hourly-rollup";

/** Paid count and volume of one currency, method and provider in one chart bucket. */
export type PaidBucket = {
  currency: string;
  method: string | null;
  pg_provider: string | null;
  b: number;
  n: number;
  amount: number;
};

export type PaidVolumeQuery = {
  storeId: string;
  mode: "LIVE" | "TEST";
  /** paid_at from `start` to `end`, both included. */
  start: number;
  end: number;
  /** Buckets of this length aligned to the reader's midnight: bucket = (at + offsetMs) / bucketMs. */
  bucketMs: number;
  offsetMs: number;
};

/** Bucket number of a time column in the reader's zone; the cast keeps SQLite's division integral (it binds numbers as REAL). */
export const zoneBucket = (column: string, q: Pick<PaidVolumeQuery, "bucketMs" | "offsetMs">) =>
  sql<number>`cast((${sql.ref(column)} + ${q.offsetMs}) / ${q.bucketMs} as bigint)`;

/**
 * The overview's paid payments grouped by bucket, currency, method and provider. Whole UTC hours are
 * summed from paid_volume_hours (+ deltas not yet folded in, PostgreSQL; migration 0092) and only
 * the rows after the last whole hour are read, so the cost follows the hours of the period, not its
 * payments. That needs every hour inside one bucket: true when the reader's zone is a whole number
 * of hours from UTC; other zones (India, Nepal…) read the rows.
 */
export function paidBuckets(q: PaidVolumeQuery): Promise<PaidBucket[]> {
  return fromHourlyRollup(q, {
    hours: summedHours,
    rows: paidRows,
    keyOf: (p) => JSON.stringify([p.currency, p.method, p.pg_provider, p.b]),
  });
}

/** Paid rows counted one by one (the tail after the last whole hour, and zones the hours do not fit). */
export async function paidRows(q: PaidVolumeQuery): Promise<PaidBucket[]> {
  const rows = await getDb()
    .selectFrom("transactions")
    .select(["currency", "method", "pg_provider"])
    .select((eb) => [
      zoneBucket("paid_at", q).as("b"),
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>("paid_amount").as("amount"),
    ])
    .where("store_id", "=", q.storeId)
    .where("channel_type", "=", q.mode)
    .where("paid_at", "is not", null)
    .where("paid_at", ">=", q.start)
    .where("paid_at", "<=", q.end)
    .groupBy(["currency", "method", "pg_provider", sql`b`])
    .execute();
  return rows.map((r) => ({ ...r, b: Number(r.b), n: Number(r.n), amount: Number(r.amount) }));
}

/**
 * Whole hours from the rollup. On PostgreSQL the deltas not yet folded are read in the same
 * statement (one snapshot): read apart, a fold committing between the two reads would hide or
 * double its rows.
 */
async function summedHours(q: PaidVolumeQuery, before: number): Promise<PaidBucket[]> {
  if (before <= q.start) return [];
  const db = getDb();
  const hours = (table: "paid_volume_hours" | "paid_volume_deltas") =>
    db
      .selectFrom(table)
      .select(["currency", "method", "pg_provider", "hour", "n", "amount"])
      .where("store_id", "=", q.storeId)
      .where("channel_type", "=", q.mode)
      .where("hour", ">=", q.start)
      .where("hour", "<", before);
  const source =
    dialect() === "postgres"
      ? hours("paid_volume_hours").unionAll(hours("paid_volume_deltas"))
      : hours("paid_volume_hours");
  const rows = await db
    .selectFrom(source.as("h"))
    .select(["currency", "method", "pg_provider"])
    .select((eb) => [
      zoneBucket("hour", q).as("b"),
      eb.fn.sum<number>("n").as("n"),
      eb.fn.sum<number>("amount").as("amount"),
    ])
    .groupBy(["currency", "method", "pg_provider", sql`b`])
    .execute();
  return rows.map((r) => ({
    currency: r.currency,
    method: r.method || null,
    pg_provider: r.pg_provider || null,
    b: Number(r.b),
    n: Number(r.n),
    amount: Number(r.amount),
  }));
}
