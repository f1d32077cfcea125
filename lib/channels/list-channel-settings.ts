import type { AuthContext } from "@/lib/auth/context";
import { listLiveChannels } from "./live";
import { listStoreChannels } from "./repository";

/**
 * The channels settings page: the store's LIVE channels with their connection state, and its TEST
 * channels. Managers only (listLiveChannels refuses the others first).
 */
export async function listChannelSettings({ ctx }: { ctx: AuthContext; input?: Record<string, never> }) {
  const live = await listLiveChannels({ ctx });
  const test = (await listStoreChannels(ctx.merchantId, ctx.storeId)).filter((c) => c.type === "TEST");
  return {
    live,
    test: test.map((c) => ({
      id: c.id,
      name: c.name,
      pgProvider: c.pg_provider,
      type: "TEST" as const,
      forPayment: c.is_for_payment === 1,
    })),
  };
}
