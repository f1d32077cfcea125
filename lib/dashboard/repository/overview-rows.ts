import { sql } from "kysely";
import { dialect, getDb } from "@/lib/db/client";
import { fromHourlyRollup } from "./hourly-rollup";
import { zoneBucket, type PaidVolumeQuery } from "./paid-volume";

/** The overview's window and chart buckets: a store's LIVE or TEST payments, both periods. */
export type OverviewQuery = PaidVolumeQuery;

const DAY_MS = 86_400_000;

/** FAILED attempts of one decline code (null: none given) in one chart bucket. */
export type FailedBucket = { failure_pg_code: string | null; b: number; n: number };

/**
 * FAILED attempts per decline code and bucket. Whole UTC hours are summed from failed_attempt_hours
 * (+ deltas not yet folded in, PostgreSQL; migration 0175), only the attempts after the last whole
 * hour are read, so the cost follows the hours of the period, not its failed attempts.
 */
export async function failedBuckets(q: OverviewQuery): Promise<FailedBucket[]> {
  const rows = await fromHourlyRollup(q, {
    hours: failedHours,
    rows: async (tail) => (await failedRows(tail)).map((r) => ({ ...r, amount: 0 })),
    keyOf: (f) => JSON.stringify([f.failure_pg_code, f.b]),
  });
  return rows.map(({ failure_pg_code, b, n }) => ({ failure_pg_code, b, n }));
}

/** FAILED attempts counted one by one from the partial index (the tail after the last whole hour). */
export async function failedRows(q: OverviewQuery): Promise<FailedBucket[]> {
  const rows = await getDb()
    .selectFrom("transactions")
    .select((eb) => ["failure_pg_code", zoneBucket("failed_at", q).as("b"), eb.fn.countAll<number>().as("n")])
    .where("store_id", "=", q.storeId)
    .where("channel_type", "=", q.mode)
    .where("status", "=", sql.lit("FAILED"))
    .where("failed_at", ">=", q.start)
    .where("failed_at", "<=", q.end)
    .groupBy(["failure_pg_code", sql`b`])
    .execute();
  return rows.map((r) => ({ failure_pg_code: r.failure_pg_code, b: Number(r.b), n: Number(r.n) }));
}

/** Whole hours from the roll-up, with PostgreSQL's unfolded deltas in the same statement (one snapshot). */
async function failedHours(q: OverviewQuery, before: number): Promise<(FailedBucket & { amount: number })[]> {
  if (before <= q.start) return [];
  const db = getDb();
  const hours = (table: "failed_attempt_hours" | "failed_attempt_deltas") =>
    db
      .selectFrom(table)
      .select(["failure_pg_code", "hour", "n"])
      .where("store_id", "=", q.storeId)
      .where("channel_type", "=", q.mode)
      .where("hour", ">=", q.start)
      .where("hour", "<", before);
  const source =
    dialect() === "postgres"
      ? hours("failed_attempt_hours").unionAll(hours("failed_attempt_deltas"))
      : hours("failed_attempt_hours");
  const rows = await db
    .selectFrom(source.as("h"))
    .select("failure_pg_code")
    .select((eb) => [zoneBucket("hour", q).as("b"), eb.fn.sum<number>("n").as("n")])
    .groupBy(["failure_pg_code", sql`b`])
    .execute();
  return rows.map((r) => ({ failure_pg_code: r.failure_pg_code || null, b: Number(r.b), n: Number(r.n), amount: 0 }));
}

/** The five newest FAILED attempts since `since`. */
export function recentFailures(q: Pick<OverviewQuery, "storeId" | "mode">, since: number) {
  return getDb()
    .selectFrom("transactions")
    .select([
      "payment_id",
      "order_name",
      "total_amount",
      "currency",
      "failure_pg_code",
      "failure_pg_message",
      "failed_at",
    ])
    .where("store_id", "=", q.storeId)
    .where("channel_type", "=", q.mode)
    .where("status", "=", sql.lit("FAILED"))
    .where("failed_at", ">=", since)
    .orderBy("failed_at", "desc")
    .limit(5)
    .execute();
}

/** The five webhook URLs with the most FAILED deliveries in the last 30 days. */
export function failingEndpoints(storeId: string, now: number) {
  return getDb()
    .selectFrom("webhook_deliveries")
    .select((eb) => ["url", eb.fn.countAll<number>().as("n"), eb.fn.max("updated_at").as("last")])
    .where("store_id", "=", storeId)
    .where("state", "=", sql.lit("FAILED"))
    .where("updated_at", ">=", now - 30 * DAY_MS)
    .groupBy("url")
    .orderBy("n", "desc")
    .limit(5)
    .execute();
}

/** FAILED webhook deliveries and FAILED cancellations of the store since `since`. */
export async function failedCounts(
  storeId: string,
  since: number,
): Promise<{ failedWebhooks: number; failedCancellations: number }> {
  const db = getDb();
  const count = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0);
  const [failedWebhooks, failedCancellations] = await Promise.all([
    count(
      db
        .selectFrom("webhook_deliveries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("store_id", "=", storeId)
        .where("state", "=", sql.lit("FAILED"))
        .where("updated_at", ">=", since)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom("cancellations")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("store_id", "=", storeId)
        .where("status", "=", sql.lit("FAILED"))
        .where("requested_at", ">=", since)
        .executeTakeFirst(),
    ),
  ]);
  return { failedWebhooks, failedCancellations };
}
