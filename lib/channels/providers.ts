import { cashReceiptProviderChooser } from "@/lib/providers/cash-receipt-registry";
import { createLiveAdapters, createLiveCashReceiptAdapters } from "@/lib/providers/live-adapters";
import { paymentProviderChooser } from "@/lib/providers/registry";
import type { PaymentProvider } from "@/lib/providers/types";
import { virtualAccountProviderChooser } from "@/lib/providers/virtual-account-registry";
import type { VirtualAccountProvider } from "@/lib/providers/virtual-account-types";
import { withChannelHealth } from "@/lib/routing/with-channel-health";
import { secretKeyForChannel } from "./live-credentials";

/**
 * The provider adapters our channels are served by: the real PG adapters are built here with the
 * opener of a LIVE channel's sealed secret (live-credentials.ts), so lib/providers never reads a
 * table or imports an area. Every domain verb that calls a provider chooses it through this module.
 */
const live = createLiveAdapters({ secretKeyFor: secretKeyForChannel });

/** The Toss Payments adapter (connection tests, deposit-callback verification). */
export const tossPayments = live.TOSSPAYMENTS;

/** The NICE Payments adapter (connection tests). */
export const nicePayments = live.NICE;

/** Real payment adapters by pg_provider (docs/providers.md); tests add their own LIVE PGs here. */
export const liveAdapters: Partial<Record<string, PaymentProvider>> = { ...live };
// NICE's server API issues no virtual accounts (docs/providers.md): only Toss serves them live.
const liveVirtualAccountAdapters: Partial<Record<string, VirtualAccountProvider>> = { TOSSPAYMENTS: live.TOSSPAYMENTS };

/** Payment calls pass each channel's circuit and are logged for channel health (lib/routing). */
export const paymentProviderFor = withChannelHealth(paymentProviderChooser(liveAdapters));
export const virtualAccountProviderFor = virtualAccountProviderChooser(liveVirtualAccountAdapters);
export const cashReceiptProviderFor = cashReceiptProviderChooser(
  createLiveCashReceiptAdapters({ secretKeyFor: secretKeyForChannel }),
);
