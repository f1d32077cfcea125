import type { PAYMENT_TYPES } from "./schema";

type PaymentType = (typeof PAYMENT_TYPES)[number];

const EASY = new Set([
  "NAVERPAY_GENERAL",
  "NAVERCO_GENERAL",
  "KAKAOPAY_GENERAL",
  "TOSSPAY_GENERAL",
  "PAYCO_GENERAL",
  "SMILEPAY_GENERAL",
]);

/** The provider contracts an application needs: subscriptions and easy pay are contracted apart from general payments. */
export function paymentTypesOf(methods: readonly string[]): PaymentType[] {
  const types = new Set<PaymentType>();
  for (const m of methods) {
    if (m.endsWith("_SUBSCRIBE")) types.add("SUBSCRIBE");
    else if (EASY.has(m)) types.add("EASY");
    else if (m.endsWith("_GENERAL") || m === "CARD_KEYIN") types.add("GENERAL");
  }
  return (["GENERAL", "SUBSCRIBE", "EASY"] as const).filter((t) => types.has(t));
}
