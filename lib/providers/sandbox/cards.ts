import { digitsOnly, maskCardNumber } from "@/lib/cards/card-number";
import type { CardCredential, CardInfo } from "../types";

export { SANDBOX_CARDS } from "./test-cards";

function brandOf(number: string): CardInfo["brand"] {
  if (/^4/.test(number)) return "VISA";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "MASTER";
  if (/^3[47]/.test(number)) return "AMEX";
  if (/^35/.test(number)) return "JCB";
  if (/^3(0|6|8)/.test(number)) return "DINERS";
  if (/^62/.test(number)) return "UNIONPAY";
  return "LOCAL";
}

const ISSUERS: Record<CardInfo["brand"], string> = {
  VISA: "SANDBOX_VISA_BANK",
  MASTER: "SANDBOX_MASTER_BANK",
  AMEX: "SANDBOX_AMEX",
  JCB: "SANDBOX_JCB",
  DINERS: "SANDBOX_DINERS",
  UNIONPAY: "SANDBOX_UNIONPAY",
  LOCAL: "SANDBOX_LOCAL_CARD",
};

/** What the sandbox "knows" about a card, as a provider would report it. */
export function describeCard(card: CardCredential): CardInfo {
  const number = digitsOnly(card.card_number);
  const brand = brandOf(number);
  return {
    number: maskCardNumber(number),
    bin: number.slice(0, 6),
    brand,
    card_type: "CREDIT",
    card_owner_type: digitsOnly(card.birth_or_business_registration_number).length === 10 ? "CORPORATE" : "PERSONAL",
    publisher: ISSUERS[brand],
    issuer: ISSUERS[brand],
    name: `${brand} ${number.slice(-4)}`,
  };
}
