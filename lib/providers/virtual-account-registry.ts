import { withProviderMetrics } from "@/lib/ops/provider-metrics";
import { withMasking } from "./masking";
import { sandboxVirtualAccountProvider, simulateSandboxDeposit } from "./sandbox/virtual-account";
import type { ChannelRef } from "./types";
import type { VirtualAccountProvider } from "./virtual-account-types";

const liveNotConfigured: VirtualAccountProvider = {
  voidVirtualAccount: async () => ({ ok: false, pgCode: "NO_LIVE_PROVIDER", pgMessage: "no live provider configured" }),
};

export type VirtualAccountProviderFor = (channel: Pick<ChannelRef, "type" | "pg_provider">) => VirtualAccountProvider;

/** The virtual-account provider serving a channel: the sandbox for TEST, the real adapter by pg_provider for LIVE. */
export function virtualAccountProviderChooser(
  liveAdapters: Partial<Record<string, VirtualAccountProvider>>,
): VirtualAccountProviderFor {
  return (channel) => {
    const provider =
      channel.type === "TEST"
        ? sandboxVirtualAccountProvider
        : (liveAdapters[channel.pg_provider] ?? liveNotConfigured);
    return withProviderMetrics(withMasking(provider), channel);
  };
}

/**
 * TEST channels only: the bank's deposit into an issued sandbox account, as the test deposit-notice
 * endpoint simulates it (idempotent; false when the sandbox has no open account for the attempt).
 */
export function simulateTestDeposit(txId: string): Promise<boolean> {
  return simulateSandboxDeposit(txId);
}
