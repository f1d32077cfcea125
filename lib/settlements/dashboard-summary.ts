import type { AuthContext } from "@/lib/auth/context";
import { koreaDate } from "./business-days";
import { type DaySumRecord, daySums, type StoreSumRecord, type SettlementFilters, storeSums } from "./repository/read";

export type SettlementSummary = {
  today: string;
  from: string;
  to: string;
  /** The stores summed: the current one, or every store of a hosting company. */
  storeIds: string[];
  next: DaySumRecord[];
  days: DaySumRecord[];
  stores: StoreSumRecord[];
};

const DAY = 86_400_000;

/** The stores a dashboard view sums: every store for a hosting company asking for all, else the current one. */
export function viewStoreIds(ctx: AuthContext & { stores: { id: string }[] }, all: boolean): string[] {
  return all && ctx.hasHostingContract && !ctx.storeLimited ? ctx.stores.map((s) => s.id) : [ctx.storeId];
}

/**
 * The Settlements page: the next payouts from today, the day-by-day table of [from, to] (payout
 * dates, default the last 30 days and the next 14) and, for several stores, each store's sums.
 */
export async function settlementSummary({
  ctx,
  input,
}: {
  ctx: AuthContext & { stores: { id: string }[] };
  input: { from?: string; to?: string; all?: boolean };
}): Promise<SettlementSummary> {
  const now = Date.now();
  const today = koreaDate(now);
  const from = input.from ?? koreaDate(now - 30 * DAY);
  const to = input.to ?? koreaDate(now + 14 * DAY);
  const storeIds = viewStoreIds(ctx, input.all ?? false);
  const base: SettlementFilters = { merchantId: ctx.merchantId, storeIds };
  const [next, days, stores] = await Promise.all([
    daySums({ ...base, payoutFrom: today }, 5),
    daySums({ ...base, payoutFrom: from, payoutTo: to }),
    storeIds.length > 1 ? storeSums({ ...base, payoutFrom: from, payoutTo: to }) : Promise.resolve([]),
  ]);
  return { today, from, to, storeIds, next, days, stores };
}
