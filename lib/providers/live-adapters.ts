import type { CashReceiptProvider } from "./cash-receipt-types";
import { createNicePaymentsAdapter } from "./nicepay/adapter";
import { createNiceCashReceiptAdapter } from "./nicepay/cash-receipts";
import { createTossPaymentsAdapter, type TossPaymentsAdapter } from "./tosspayments/adapter";
import type { ChannelRef, PaymentProvider } from "./types";

/** How a live adapter gets a LIVE channel's provider secret for one call: lib/channels opens the sealed key. */
export type ChannelSecrets = { secretKeyFor: (channel: ChannelRef) => Promise<string> };

export type LiveAdapters = { TOSSPAYMENTS: TossPaymentsAdapter; NICE: PaymentProvider };

/**
 * The real PG adapters LIVE channels are served by, keyed by pg_provider. Providers read no table,
 * so the secret opener is given: lib/channels/providers.ts builds the one set the app uses.
 */
export function createLiveAdapters(secrets: ChannelSecrets): LiveAdapters {
  return { TOSSPAYMENTS: createTossPaymentsAdapter(secrets), NICE: createNicePaymentsAdapter(secrets) };
}

/** The real PGs' cash-receipt adapters, keyed by pg_provider (Toss's are not wired yet). */
export function createLiveCashReceiptAdapters(secrets: ChannelSecrets): Partial<Record<string, CashReceiptProvider>> {
  return { NICE: createNiceCashReceiptAdapter(secrets) };
}
