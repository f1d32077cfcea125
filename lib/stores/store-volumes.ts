import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { failedBuckets } from "@/lib/dashboard/repository/overview-rows";
import { paidBuckets } from "@/lib/dashboard/repository/paid-volume";
import { refundBuckets } from "@/lib/dashboard/repository/refund-volume";
import { HOUR } from "@/lib/time";
import { latestApplicationStatuses } from "./repository";
import { VOLUME_PERIODS, type VolumePeriod, type VolumeSort } from "./volumes-query";

export { VOLUME_PERIODS, VOLUME_SORTS, type VolumePeriod, type VolumeSort } from "./volumes-query";

/** One store's figures over a period. */
export type StoreFigures = {
  /** Paid volume in the main currency (KRW); other currencies are left out of the sums. */
  volume: number;
  count: number;
  failed: number;
  /** Approved / (approved + declined) attempts; null without attempts. */
  approvalRate: number | null;
  /** Succeeded refunds (KRW) made in the period, and how many. */
  refunds: number;
  refundCount: number;
};

export type StoreVolume = StoreFigures & { storeId: string; name: string; onboarding: string | null };

type Window = { mode: "LIVE" | "TEST"; start: number; end: number; bucketMs: number; offsetMs: number };

/** One bucket holding the whole period, ending now. */
export function periodWindow(period: VolumePeriod, mode: "LIVE" | "TEST", now = Date.now()): Window {
  const start = Math.floor((now - VOLUME_PERIODS[period] * 24 * HOUR) / HOUR) * HOUR;
  return { mode, start, end: now, bucketMs: now - start + HOUR, offsetMs: -start };
}

/** A store's paid, failed and refunded figures, each from the overview's hourly roll-ups. */
export async function storeFigures(storeId: string, window: Window): Promise<StoreFigures> {
  const q = { ...window, storeId };
  const [paid, failed, refunded] = await Promise.all([paidBuckets(q), failedBuckets(q), refundBuckets(q)]);
  const count = paid.reduce((n, r) => n + r.n, 0);
  const declined = failed.reduce((n, r) => n + Number(r.n), 0);
  const krw = refunded.filter((r) => r.currency === "KRW");
  return {
    volume: paid.filter((r) => r.currency === "KRW").reduce((n, r) => n + r.amount, 0),
    count,
    failed: declined,
    approvalRate: count + declined === 0 ? null : count / (count + declined),
    refunds: krw.reduce((n, r) => n + r.amount, 0),
    refundCount: refunded.reduce((n, r) => n + r.n, 0),
  };
}

type Input = { period: VolumePeriod; mode: "LIVE" | "TEST"; sort: VolumeSort; desc: boolean; now?: number };
type StoresContext = AuthContext & { stores: { id: string; name: string }[] };

/**
 * Each store the caller sees, with its paid volume, payment count, approval rate, refunds and
 * newest application's state for the period.
 */
export async function listStoreVolumes({ ctx, input }: { ctx: StoresContext; input: Input }): Promise<StoreVolume[]> {
  const window = periodWindow(input.period, input.mode, input.now);
  const [onboarding, rows] = await Promise.all([
    latestApplicationStatuses(
      ctx.merchantId,
      ctx.stores.map((s) => s.id),
    ),
    Promise.all(ctx.stores.map(async (s) => ({ storeId: s.id, name: s.name, ...(await storeFigures(s.id, window)) }))),
  ]);
  const sorted = rows
    .map((r) => ({ ...r, onboarding: onboarding.get(r.storeId) ?? null }))
    .sort((a, b) => compare(a, b, input.sort));
  return input.desc ? sorted.reverse() : sorted;
}

/**
 * One store's KPI page: its figures for the period and the one before it. A store the caller does
 * not see (another merchant's, or outside a store limit) is NOT_FOUND.
 */
export async function getStoreKpis({
  ctx,
  input,
}: {
  ctx: StoresContext;
  input: { storeId: string; period: VolumePeriod; mode: "LIVE" | "TEST"; now?: number };
}): Promise<StoreVolume & { previous: StoreFigures }> {
  const store = ctx.stores.find((s) => s.id === input.storeId);
  if (!store) throw new DomainError("NOT_FOUND", "store not found");
  const window = periodWindow(input.period, input.mode, input.now);
  const before = periodWindow(input.period, input.mode, window.start);
  const [onboarding, figures, previous] = await Promise.all([
    latestApplicationStatuses(ctx.merchantId, [store.id]),
    storeFigures(store.id, window),
    storeFigures(store.id, before),
  ]);
  return { storeId: store.id, name: store.name, ...figures, onboarding: onboarding.get(store.id) ?? null, previous };
}

function compare(a: StoreVolume, b: StoreVolume, sort: VolumeSort): number {
  if (sort === "name") return a.name.localeCompare(b.name);
  const key = { volume: "volume", count: "count", refunds: "refunds" } as const;
  if (sort !== "approval") return a[key[sort]] - b[key[sort]] || a.name.localeCompare(b.name);
  return (a.approvalRate ?? -1) - (b.approvalRate ?? -1) || a.name.localeCompare(b.name);
}
