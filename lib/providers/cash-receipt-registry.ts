import type { CashReceiptProvider } from "./cash-receipt-types";
import { sandboxCashReceiptProvider } from "./sandbox/cash-receipt";
import type { ChannelRef, ProviderFailure } from "./types";
import { withProviderMetrics } from "@/lib/ops/provider-metrics";

const NOT_CONFIGURED: ProviderFailure = {
  ok: false,
  pgCode: "NO_LIVE_PROVIDER",
  pgMessage: "no live provider configured",
};

const liveNotConfigured: CashReceiptProvider = {
  issueCashReceipt: async () => NOT_CONFIGURED,
  cancelCashReceipt: async () => NOT_CONFIGURED,
};

export type CashReceiptProviderFor = (channel: Pick<ChannelRef, "type" | "pg_provider">) => CashReceiptProvider;

/**
 * The cash-receipt provider serving a channel: the sandbox for TEST channels, the real adapter of
 * its PG from `liveAdapters` (by pg_provider; built by lib/channels/providers.ts with the opener of
 * the channel's sealed secret) for LIVE ones.
 */
export function cashReceiptProviderChooser(
  liveAdapters: Partial<Record<string, CashReceiptProvider>>,
): CashReceiptProviderFor {
  return (channel) => {
    const provider =
      channel.type === "TEST" ? sandboxCashReceiptProvider : (liveAdapters[channel.pg_provider] ?? liveNotConfigured);
    return withProviderMetrics(provider, channel);
  };
}
