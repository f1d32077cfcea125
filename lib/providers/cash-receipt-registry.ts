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

/** Real cash-receipt adapters register here by pg_provider. */
const liveCashReceiptAdapters: Partial<Record<string, CashReceiptProvider>> = {};

export function cashReceiptProviderFor(channel: Pick<ChannelRef, "type" | "pg_provider">): CashReceiptProvider {
  const provider =
    channel.type === "TEST"
      ? sandboxCashReceiptProvider
      : (liveCashReceiptAdapters[channel.pg_provider] ?? liveNotConfigured);
  return withProviderMetrics(provider, channel);
}
