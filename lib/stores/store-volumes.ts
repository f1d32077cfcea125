import type { AuthContext } from "@/lib/auth/context";
import { failedBuckets } from "@/lib/dashboard/repository/overview-rows";
import { paidBuckets } from "@/lib/dashboard/repository/paid-volume";
import { HOUR } from "@/lib/time";
import { latestApplicationStatuses } from "./repository";

export const VOLUME_PERIODS = { "7d": 7, "30d": 30, "90d": 90 } as const;
export type VolumePeriod = keyof typeof VOLUME_PERIODS;
export const VOLUME_SORTS = ["name", "volume", "count", "approval"] as const;
export type VolumeSort = (typeof VOLUME_SORTS)[number];

export type StoreVolume = {
  storeId: string;
  name: string;
  /** Paid volume in the main currency (KRW) over the period; other currencies are left out of the sort. */
  volume: number;
  count: number;
  failed: number;
  /** Approved / (approved + declined) attempts; null without attempts. */
  approvalRate: number | null;
  onboarding: string | null;
};

type Input = { period: VolumePeriod; mode: "LIVE" | "TEST"; sort: VolumeSort; desc: boolean; now?: number };

/**
 * Each store the caller sees, with its paid volume, payment count, approval rate and newest
 * application's state for the period: one paid and one failed read per store, each from the
 * overview's rollup and partial indexes (lib/dashboard/repository/).
 */
export async function listStoreVolumes({
  ctx,
  input,
}: {
  ctx: AuthContext & { stores: { id: string; name: string }[] };
  input: Input;
}): Promise<StoreVolume[]> {
  const end = input.now ?? Date.now();
  const start = Math.floor((end - VOLUME_PERIODS[input.period] * 24 * HOUR) / HOUR) * HOUR;
  // One bucket holding the whole period.
  const window = { mode: input.mode, start, end, bucketMs: end - start + HOUR, offsetMs: -start };
  const [onboarding, rows] = await Promise.all([
    latestApplicationStatuses(
      ctx.merchantId,
      ctx.stores.map((s) => s.id),
    ),
    Promise.all(
      ctx.stores.map(async (s) => {
        const q = { ...window, storeId: s.id };
        const [paid, failed] = await Promise.all([paidBuckets(q), failedBuckets(q)]);
        const count = paid.reduce((n, r) => n + r.n, 0);
        const declined = failed.reduce((n, r) => n + Number(r.n), 0);
        return {
          storeId: s.id,
          name: s.name,
          volume: paid.filter((r) => r.currency === "KRW").reduce((n, r) => n + r.amount, 0),
          count,
          failed: declined,
          approvalRate: count + declined === 0 ? null : count / (count + declined),
        };
      }),
    ),
  ]);
  const sorted = rows
    .map((r) => ({ ...r, onboarding: onboarding.get(r.storeId) ?? null }))
    .sort((a, b) => compare(a, b, input.sort));
  return input.desc ? sorted.reverse() : sorted;
}

function compare(a: StoreVolume, b: StoreVolume, sort: VolumeSort): number {
  if (sort === "name") return a.name.localeCompare(b.name);
  if (sort === "volume") return a.volume - b.volume || a.name.localeCompare(b.name);
  if (sort === "count") return a.count - b.count || a.name.localeCompare(b.name);
  return (a.approvalRate ?? -1) - (b.approvalRate ?? -1) || a.name.localeCompare(b.name);
}
