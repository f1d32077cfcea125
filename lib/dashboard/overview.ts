import type { DashboardContext } from "@/lib/dashboard/context";
import { failedBuckets, failedCounts, failingEndpoints, recentFailures } from "./repository/overview-rows";
import { paidBuckets } from "./repository/paid-volume";
import { refundBuckets } from "./repository/refund-volume";
import { overviewPeriods, type OverviewRange } from "./periods";

export type Money = Record<string, number>;
export type PeriodTotals = {
  gross: Money;
  refunds: Money;
  net: Money;
  paidCount: number;
  failedCount: number;
  approvalRate: number | null;
};
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
  recentFailures: {
    paymentId: string;
    orderName: string;
    amount: number;
    currency: string;
    code: string | null;
    message: string | null;
    at: number;
  }[];
  failingEndpoints: { url: string; failed: number; lastAt: number }[];
  /** Failed webhooks and refused refunds; money waiting on a provider comes from the reconciliation report (the page's panel). */
  attention: { failedWebhooks: number; failedCancellations: number };
};

const add = (m: Money, currency: string, amount: number) => {
  m[currency] = (m[currency] ?? 0) + amount;
};
const emptyTotals = (): PeriodTotals => ({
  gross: {},
  refunds: {},
  net: {},
  paidCount: 0,
  failedCount: 0,
  approvalRate: null,
});

/**
 * The overview of the switcher's store for one period and its predecessor: paid volume and refunds
 * from hourly rollups (lib/dashboard/repository/paid-volume.ts, refund-volume.ts), the rest from the partial covering indexes of
 * migration 0061 (their conditions are written as literals: SQLite only uses a partial index when
 * the query repeats its WHERE, which a bound parameter does not): one range scan per table,
 * grouped in SQL to buckets and dimensions, folded here. Gross is what was paid in the period, refunds what was refunded in it,
 * net their difference; the approval rate counts attempts (approved / approved + declined).
 */
export async function getOverview({
  ctx,
  input,
}: {
  ctx: DashboardContext;
  input: { range: OverviewRange; mode: "LIVE" | "TEST"; timeZone: string; now?: number };
}): Promise<Overview> {
  const now = input.now ?? Date.now();
  const { current, previous, bucketMs, offsetMs } = overviewPeriods(input.range, now, input.timeZone);
  const q = { storeId: ctx.storeId, mode: input.mode, start: previous.start, end: current.end, bucketMs, offsetMs };
  const [paid, failed, refunds, recentFailed, failing, attention] = await Promise.all([
    paidBuckets(q),
    failedBuckets(q),
    refundBuckets(q),
    recentFailures(q, current.start),
    failingEndpoints(ctx.storeId, now),
    failedCounts(ctx.storeId, now - 30 * 86_400_000),
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
      for (const [map, key] of [
        [byMethod, r.method ?? "UNKNOWN"],
        [byProvider, r.pg_provider ?? "UNKNOWN"],
      ] as const) {
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
    if (which === "current")
      declines.set(r.failure_pg_code ?? "UNKNOWN", (declines.get(r.failure_pg_code ?? "UNKNOWN") ?? 0) + Number(r.n));
  }
  for (const r of refunds)
    add(totals[bucketStart(r.b) >= current.start ? "current" : "previous"].refunds, r.currency, Number(r.amount));
  for (const t of [totals.current, totals.previous]) {
    for (const c of new Set([...Object.keys(t.gross), ...Object.keys(t.refunds)]))
      t.net[c] = (t.gross[c] ?? 0) - (t.refunds[c] ?? 0);
    const attempts = t.paidCount + t.failedCount;
    t.approvalRate = attempts === 0 ? null : t.paidCount / attempts;
  }
  const ranked = (m: Map<string, { amount: number; count: number }>) =>
    [...m].map(([key, v]) => ({ key, ...v })).sort((a, b) => b.amount - a.amount);
  return {
    range: input.range,
    mode: input.mode,
    currency: mainCurrency,
    current: totals.current,
    previous: totals.previous,
    series: [...points].map(([at, v]) => ({ at, ...v })),
    byMethod: ranked(byMethod),
    byProvider: ranked(byProvider),
    declines: [...declines]
      .map(([code, count]) => ({ code, count }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 5),
    recentFailures: recentFailed.map((r) => ({
      paymentId: r.payment_id,
      orderName: r.order_name,
      amount: r.total_amount,
      currency: r.currency,
      code: r.failure_pg_code,
      message: r.failure_pg_message,
      at: r.failed_at ?? 0,
    })),
    failingEndpoints: failing.map((r) => ({ url: r.url, failed: Number(r.n), lastAt: Number(r.last) })),
    attention: attention,
  };
}
