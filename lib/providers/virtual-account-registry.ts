import { sandboxVirtualAccountProvider } from "./sandbox/virtual-account";
import type { ChannelRef } from "./types";
import type { VirtualAccountProvider } from "./virtual-account-types";
import { withProviderMetrics } from "@/lib/ops/provider-metrics";
import { tossPayments } from "./live-adapters";

/** Real adapters by pg_provider (docs/providers.md). */
export const liveVirtualAccountAdapters: Partial<Record<string, VirtualAccountProvider>> = {
  TOSSPAYMENTS: tossPayments,
};

const liveNotConfigured: VirtualAccountProvider = {
  voidVirtualAccount: async () => ({ ok: false, pgCode: "NO_LIVE_PROVIDER", pgMessage: "no live provider configured" }),
};

export function virtualAccountProviderFor(channel: Pick<ChannelRef, "type" | "pg_provider">): VirtualAccountProvider {
  const provider =
    channel.type === "TEST"
      ? sandboxVirtualAccountProvider
      : (liveVirtualAccountAdapters[channel.pg_provider] ?? liveNotConfigured);
  return withProviderMetrics(provider, channel);
}
