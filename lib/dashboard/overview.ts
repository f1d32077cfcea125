import { sql } from "kysely";
import type { DashboardContext } from "@/lib/dashboard/context";
import { getDb } from "@/lib/db/client";
import { paidBuckets, zoneBucket } from "./paid-volume";
import { overviewPeriods, type OverviewRange } from "./periods";

export type Money = Record<string, number>;
export type PeriodTotals = { gross: Money; refunds: Money; net: Money; paidCount: number; failedCount: number; approvalRate: number | null };
export type Overview = {
  range: OverviewRange;
  mode: "LIVE" | "TEST";
  currency: string;
  current: PeriodTotals;
  previous: PeriodTotals;
  /** Gross volume of the main currency per bucket, this period and the previous one aligned to it. */
  series: { at: number; current: number; previous: number }[];
  byMethod: { key: string; amount: number; count: number }[];
  byProvider: { key: string; amount: number; count: number }[];
  declines: { code: string; count: number }[];
  recentFailures: { paymentId: string; orderName: string; amount: number; currency: string; code: string | null; message: string | null; at: number }[];
  failingEndpoints: { url: string; failed: number; lastAt: number }[];
  /** Failed webhooks and refused refunds; money waiting on a provider comes from the reconciliation report (the page's panel). */
  attention: { failedWebhooks: number; failedCancellations: number };
};

const add = (m: Money, currency: string, amount: number) => {
  m[currency] = (m[currency] ?? 0) + amount;
};
const emptyTotals = (): PeriodTotals => ({ gross: {}, refunds: {}, net: {}, paidCount: 0, failedCount: 0, approvalRate: null });

/**
 * The overview of the switcher's store for one period and its predecessor: paid volume from the
 * hourly rollup (lib/dashboard/paid-volume.ts), the rest from the partial covering indexes of
 * migration 0061 (their conditions are written as literals: SQLite only uses a partial index when
 * the query repeats its WHERE, which a bound parameter does not): one range scan per table,
 * grouped in SQL to buckets and dimensions, folded here. Gross is what was paid in the period, refunds what was refunded in it,
 * net their difference; the approval rate counts attempts (approved / approved + declined).
 */
export async function getOverview(ctx: DashboardContext, input: { range: OverviewRange; mode: "LIVE" | "TEST"; timeZone: string; now?: number }): Promise<Overview> {
  const db = getDb();
  const now = input.now ?? Date.now();
  const { current, previous, bucketMs, offsetMs } = overviewPeriods(input.range, now, input.timeZone);
  const bucket = (column: string) => zoneBucket(column, { bucketMs, offsetMs });
  const [paid, failed, refunds, recentFailures, failingEndpoints, attention] = await Promise.all([
    paidBuckets({ storeId: ctx.storeId, mode: input.mode, start: previous.start, end: current.end, bucketMs, offsetMs }),
    db
      .selectFrom("transactions")
      .select((eb) => ["failure_pg_code", bucket("failed_at").as("b"), eb.fn.countAll<number>().as("n")])
      .where("store_id", "=", ctx.storeId)
      .where("channel_type", "=", input.mode)
      .where("status", "=", sql.lit("FAILED"))
      .where("failed_at", ">=", previous.start)
      .where("failed_at", "<=", current.end)
      .groupBy(["failure_pg_code", sql`b`])
      .execute(),
    db
      .selectFrom("cancellations as c")
      .innerJoin("transactions as t", "t.id", "c.transaction_id")
      .select((eb) => ["t.currency", bucket("c.cancelled_at").as("b"), eb.fn.sum<number>("c.cancel_amount").as("amount")])
      .where("c.store_id", "=", ctx.storeId)
      .where("c.status", "=", sql.lit("SUCCEEDED"))
      .where("c.cancelled_at", ">=", previous.start)
      .where("c.cancelled_at", "<=", current.end)
      .where("t.channel_type", "=", input.mode)
      .groupBy(["t.currency", sql`b`])
      .execute(),
    db
      .selectFrom("transactions")
      .select(["payment_id", "order_name", "total_amount", "currency", "failure_pg_code", "failure_pg_message", "failed_at"])
      .where("store_id", "=", ctx.storeId)
      .where("channel_type", "=", input.mode)
      .where("status", "=", sql.lit("FAILED"))
      .where("failed_at", ">=", current.start)
      .orderBy("failed_at", "desc")
      .limit(5)
      .execute(),
    db
      .selectFrom("webhook_deliveries")
      .select((eb) => ["url", eb.fn.countAll<number>().as("n"), eb.fn.max("updated_at").as("last")])
      .where("store_id", "=", ctx.storeId)
      .where("state", "=", sql.lit("FAILED"))
      .where("updated_at", ">=", now - 30 * 86_400_000)
      .groupBy("url")
      .orderBy("n", "desc")
      .limit(5)
      .execute(),
    attentionCounts(ctx.storeId, now),
  ]);

  const totals = { current: emptyTotals(), previous: emptyTotals() };
  const currencyVolume: Money = {};
  for (const r of paid) add(currencyVolume, r.currency, Number(r.amount));
  const mainCurrency = Object.entries(currencyVolume).sort((a, b) => b[1] - a[1])[0]?.[0] ?? "KRW";
  const bucketStart = (b: number) => Number(b) * bucketMs - offsetMs;
  const points = new Map<number, { current: number; previous: number }>();
  const periodLength = current.start - previous.start;
  for (let at = current.start; at <= current.end; at += bucketMs) points.set(at, { current: 0, previous: 0 });
  const byMethod = new Map<string, { amount: number; count: number }>();
  const byProvider = new Map<string, { amount: number; count: number }>();
  for (const r of paid) {
    const at = bucketStart(r.b);
    const which = at >= current.start ? "current" : "previous";
    const t = totals[which];
    add(t.gross, r.currency, Number(r.amount));
    t.paidCount += Number(r.n);
    if (r.currency !== mainCurrency) continue;
    const point = points.get(which === "current" ? at : at + periodLength);
    if (point) point[which] += Number(r.amount);
    if (which === "current") {
      for (const [map, key] of [[byMethod, r.method ?? "UNKNOWN"], [byProvider, r.pg_provider ?? "UNKNOWN"]] as const) {
        const e = map.get(key) ?? { amount: 0, count: 0 };
        e.amount += Number(r.amount);
        e.count += Number(r.n);
        map.set(key, e);
      }
    }
  }
  const declines = new Map<string, number>();
  for (const r of failed) {
    const which = bucketStart(r.b) >= current.start ? "current" : "previous";
    totals[which].failedCount += Number(r.n);
    if (which === "current") declines.set(r.failure_pg_code ?? "UNKNOWN", (declines.get(r.failure_pg_code ?? "UNKNOWN") ?? 0) + Number(r.n));
  }
  for (const r of refunds) add(totals[bucketStart(r.b) >= current.start ? "current" : "previous"].refunds, r.currency, Number(r.amount));
  for (const t of [totals.current, totals.previous]) {
    for (const c of new Set([...Object.keys(t.gross), ...Object.keys(t.refunds)])) t.net[c] = (t.gross[c] ?? 0) - (t.refunds[c] ?? 0);
    const attempts = t.paidCount + t.failedCount;
    t.approvalRate = attempts === 0 ? null : t.paidCount / attempts;
  }
  const ranked = (m: Map<string, { amount: number; count: number }>) => [...m].map(([key, v]) => ({ key, ...v })).sort((a, b) => b.amount - a.amount);
  return {
    range: input.range,
    mode: input.mode,
    currency: mainCurrency,
    current: totals.current,
    previous: totals.previous,
    series: [...points].map(([at, v]) => ({ at, ...v })),
    byMethod: ranked(byMethod),
    byProvider: ranked(byProvider),
    declines: [...declines].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count).slice(0, 5),
    recentFailures: recentFailures.map((r) => ({ paymentId: r.payment_id, orderName: r.order_name, amount: r.total_amount, currency: r.currency, code: r.failure_pg_code, message: r.failure_pg_message, at: r.failed_at ?? 0 })),
    failingEndpoints: failingEndpoints.map((r) => ({ url: r.url, failed: Number(r.n), lastAt: Number(r.last) })),
    attention: attention,
  };
}

/** What needs a person besides reconciliation: failed webhooks and cancellations of the last 30 days. */
async function attentionCounts(storeId: string, now: number): Promise<Overview["attention"]> {
  const db = getDb();
  const since = now - 30 * 86_400_000;
  const count = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0);
  const [failedWebhooks, failedCancellations] = await Promise.all([
    count(db.selectFrom("webhook_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).where("store_id", "=", storeId).where("state", "=", sql.lit("FAILED")).where("updated_at", ">=", since).executeTakeFirst()),
    count(db.selectFrom("cancellations").select((eb) => eb.fn.countAll<number>().as("n")).where("store_id", "=", storeId).where("status", "=", sql.lit("FAILED")).where("requested_at", ">=", since).executeTakeFirst()),
  ]);
  return { failedWebhooks, failedCancellations };
}
