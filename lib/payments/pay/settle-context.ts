import type { CardInfo } from "@/lib/providers/types";

/**
 * What building an attempt's payment_method_detail needs besides the provider's answer, kept on
 * the attempt when it starts so that whoever learns the outcome (the request, or a look-up after
 * a crash) records the same detail.
 */
export type SettleContext = {
  installment?: { month?: number; interestFree?: boolean };
  /** Billing keys: the card facts kept at issuance (the charge's answer may not repeat them). */
  keptCard?: CardInfo;
  /** Mobile billing keys: the carrier and phone. */
  mobile?: { carrier?: string; phone_number?: string };
};
