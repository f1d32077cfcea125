import type { CardBrand } from "./schema";

/**
 * The card brand from the first digits of the number (the issuer ranges the brands publish), the
 * only card fact known before a provider call. Cards of Korean issuers outside these ranges are
 * LOCAL; too few digits to tell: undefined.
 */
export function cardBrandOf(bin: string): CardBrand | undefined {
  if (bin.length < 4) return undefined;
  const two = Number(bin.slice(0, 2));
  const three = Number(bin.slice(0, 3));
  const four = Number(bin.slice(0, 4));
  if (bin.startsWith("4")) return "VISA";
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "MASTER";
  if (two === 34 || two === 37) return "AMEX";
  if (four >= 3528 && four <= 3589) return "JCB";
  if ((three >= 300 && three <= 305) || two === 36 || two === 38) return "DINERS";
  if (two === 62) return "UNIONPAY";
  return "LOCAL";
}
