import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { HOUR } from "@/lib/time";
import { latestApplicationStatuses } from "./repository";
import { type StoreTotals, storeTotals } from "./repository/volume-totals";
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

type Window = { mode: "LIVE" | "TEST"; start: number; end: number };

/** The period's window, from the whole hour `period` days ago until now. */
function periodWindow(period: VolumePeriod, mode: "LIVE" | "TEST", now = Date.now()): Window {
  const start = Math.floor((now - VOLUME_PERIODS[period] * 24 * HOUR) / HOUR) * HOUR;
  return { mode, start, end: now };
}

/** Stores' paid, failed and refunded figures, from the day and hour roll-ups and the last hour's rows. */
async function figuresOf(storeIds: string[], window: Window): Promise<Map<string, StoreFigures>> {
  const totals = await storeTotals({ storeIds, ...window });
  return new Map([...totals].map(([id, t]) => [id, withRate(t)]));
}

function withRate(t: StoreTotals): StoreFigures {
  const attempts = t.count + t.failed;
  return { ...t, approvalRate: attempts === 0 ? null : t.count / attempts };
}

const NONE: StoreFigures = withRate({ count: 0, volume: 0, failed: 0, refundCount: 0, refunds: 0 });

type Input = { period: VolumePeriod; mode: "LIVE" | "TEST"; sort: VolumeSort; desc: boolean; now?: number };
type StoresContext = AuthContext & { stores: { id: string; name: string }[] };

/**
 * Each store the caller sees, with its paid volume, payment count, approval rate, refunds and
 * newest application's state for the period.
 */
export async function listStoreVolumes({ ctx, input }: { ctx: StoresContext; input: Input }): Promise<StoreVolume[]> {
  const window = periodWindow(input.period, input.mode, input.now);
  const ids = ctx.stores.map((s) => s.id);
  const [onboarding, figures] = await Promise.all([
    latestApplicationStatuses(ctx.merchantId, ids),
    figuresOf(ids, window),
  ]);
  const sorted = ctx.stores
    .map((s) => ({
      storeId: s.id,
      name: s.name,
      ...(figures.get(s.id) ?? NONE),
      onboarding: onboarding.get(s.id) ?? null,
    }))
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
    figuresOf([store.id], window),
    figuresOf([store.id], before),
  ]);
  return {
    storeId: store.id,
    name: store.name,
    ...(figures.get(store.id) ?? NONE),
    onboarding: onboarding.get(store.id) ?? null,
    previous: previous.get(store.id) ?? NONE,
  };
}

function compare(a: StoreVolume, b: StoreVolume, sort: VolumeSort): number {
  if (sort === "name") return a.name.localeCompare(b.name);
  const key = { volume: "volume", count: "count", refunds: "refunds" } as const;
  if (sort !== "approval") return a[key[sort]] - b[key[sort]] || a.name.localeCompare(b.name);
  return (a.approvalRate ?? -1) - (b.approvalRate ?? -1) || a.name.localeCompare(b.name);
}
