import type { CardInfo } from "./types";

/** The card network by a (masked) number's leading digits, as PGs report the number; LOCAL otherwise. */
export function brandOfCardNumber(number: string): CardInfo["brand"] {
  if (/^4/.test(number)) return "VISA";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "MASTER";
  if (/^3[47]/.test(number)) return "AMEX";
  if (/^35/.test(number)) return "JCB";
  if (/^3[068]/.test(number)) return "DINERS";
  if (/^62/.test(number)) return "UNIONPAY";
  return "LOCAL";
}
