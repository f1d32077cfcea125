import { sql } from "kysely";
import { getDb } from "@/lib/db/client";
import { zoneBucket, type PaidVolumeQuery } from "./paid-volume";

/** The overview's window and chart buckets: a store's LIVE or TEST payments, both periods. */
export type OverviewQuery = PaidVolumeQuery;

const DAY_MS = 86_400_000;

/** FAILED attempts per decline code and bucket. */
export function failedBuckets(q: OverviewQuery) {
  return getDb()
    .selectFrom("transactions")
    .select((eb) => ["failure_pg_code", zoneBucket("failed_at", q).as("b"), eb.fn.countAll<number>().as("n")])
    .where("store_id", "=", q.storeId)
    .where("channel_type", "=", q.mode)
    .where("status", "=", sql.lit("FAILED"))
    .where("failed_at", ">=", q.start)
    .where("failed_at", "<=", q.end)
    .groupBy(["failure_pg_code", sql`b`])
    .execute();
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
