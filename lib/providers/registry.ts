import { withProviderMetrics } from "@/lib/ops/provider-metrics";
import { withMasking } from "./masking";
import { sandboxPaymentProvider } from "./sandbox/payment-provider";
import type { ChannelRef, PaymentProvider, ProviderFailure } from "./types";

const NOT_CONFIGURED: ProviderFailure = {
  ok: false,
  pgCode: "NO_LIVE_PROVIDER",
  pgMessage: "no live provider configured",
};

/** LIVE channels refuse every call until a real adapter for their PG is configured (CONTRACT §10). */
const liveNotConfigured: PaymentProvider = {
  approveCard: async () => NOT_CONFIGURED,
  issueVirtualAccount: async () => NOT_CONFIGURED,
  issueBillingKey: async () => NOT_CONFIGURED,
  chargeBillingKey: async () => NOT_CONFIGURED,
  deleteBillingKey: async () => NOT_CONFIGURED,
  cancel: async () => NOT_CONFIGURED,
  registerEscrowLogistics: async () => NOT_CONFIGURED,
  completeEscrow: async () => NOT_CONFIGURED,
  // Nothing was ever sent anywhere: there is nothing to find.
  lookupPayment: async () => ({ status: "NOT_FOUND" }),
  lookupCancellation: async () => ({ status: "NOT_FOUND" }),
  listTransactions: async () => ({ entries: [], nextCursor: null }),
};

export type PaymentProviderFor = (channel: Pick<ChannelRef, "type" | "pg_provider">) => PaymentProvider;

/**
 * The payment provider of a channel: the sandbox for TEST, the PG's adapter from `liveAdapters` for
 * LIVE (read at each call), every answer masked (./masking.ts).
 */
export function paymentProviderChooser(liveAdapters: Partial<Record<string, PaymentProvider>>): PaymentProviderFor {
  return (channel) => {
    const provider =
      channel.type === "TEST" ? sandboxPaymentProvider : (liveAdapters[channel.pg_provider] ?? liveNotConfigured);
    return withProviderMetrics(withMasking(provider), channel);
  };
}
