import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveStore } from "@/lib/tenancy/scope";
import { channelIdByKey, type SettlementFilters } from "./repository/read";

function ordered(from: string | undefined, to: string | undefined, field: string): void {
  if (from && to && from > to)
    throw new DomainError("INVALID_REQUEST", `query.${field}: must not be after ${field.replace("_from", "_to")}`, {
      field,
    });
}

/**
 * The filters a settlement read runs with: the caller's store (another merchant's store answers
 * STORE_NOT_FOUND), a channel key of that store (an unknown key matches nothing).
 */
export async function settlementFilters(
  ctx: AuthContext,
  input: {
    store_id?: string;
    payout_from?: string;
    payout_to?: string;
    sold_from?: string;
    sold_to?: string;
    channel_key?: string;
  },
): Promise<SettlementFilters | null> {
  ordered(input.payout_from, input.payout_to, "payout_from");
  ordered(input.sold_from, input.sold_to, "sold_from");
  const store = await resolveStore(ctx, input.store_id);
  const storeIds = [store.id];
  let channelId: string | undefined;
  if (input.channel_key) {
    channelId = await channelIdByKey(ctx.merchantId, storeIds, input.channel_key);
    if (!channelId) return null;
  }
  return {
    merchantId: ctx.merchantId,
    storeIds,
    payoutFrom: input.payout_from,
    payoutTo: input.payout_to,
    soldFrom: input.sold_from,
    soldTo: input.sold_to,
    channelId,
  };
}
