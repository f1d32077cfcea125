import type { CardCredential, CardInfo } from "../types";

/** CONTRACT §10 magic numbers. Any other Luhn-valid number is approved. */
export const SANDBOX_CARDS = {
  VISA_OK: "4242424242424242",
  MASTER_OK: "5555555555554444",
  DECLINED: "4000000000000002",
  INSUFFICIENT_FUNDS: "4000000000009995",
  PROVIDER_ERROR: "4000000000000119",
  BILLING_CHARGES_DECLINED: "4000000000000341",
  CANCEL_REFUSED: "4000000000000259",
} as const;

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, "");
}

export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** BIN + last 4 with the middle masked, e.g. 424242******4242. */
export function maskCardNumber(number: string): string {
  return `${number.slice(0, 6)}${"*".repeat(Math.max(number.length - 10, 0))}${number.slice(-4)}`;
}

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

export type CardProblem = { field: string; message: string } | null;

/** Checks the card the way a provider's front door would: Luhn, expiry in the future, credential digits. */
export function validateCard(card: CardCredential, now = new Date()): CardProblem {
  const number = digitsOnly(card.card_number);
  if (!passesLuhn(number)) return { field: "card_number", message: "card_number is not a valid card number" };
  const month = Number(card.expiry_month);
  const year = Number(card.expiry_year.length === 2 ? `20${card.expiry_year}` : card.expiry_year);
  if (!Number.isInteger(month) || month < 1 || month > 12) return { field: "expiry_month", message: "expiry_month must be 01–12" };
  if (!Number.isInteger(year) || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { field: "expiry_year", message: "the card has expired" };
  }
  if (!/^(\d{6}|\d{10})$/.test(digitsOnly(card.birth_or_business_registration_number))) {
    return { field: "birth_or_business_registration_number", message: "must be a 6-digit birth date or a 10-digit business number" };
  }
  if (!/^\d{2}$/.test(card.password_two_digits)) return { field: "password_two_digits", message: "must be 2 digits" };
  return null;
}
