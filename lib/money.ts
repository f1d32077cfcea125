/**
 * ISO 4217 minor-unit exponents. Amounts are integers in the minor unit; KRW and JPY have none.
 * Kept as a table rather than trusting Intl, whose data differs between runtimes.
 */
const EXPONENT_EXCEPTIONS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  XAG: 0,
  XAU: 0,
  XBA: 0,
  XBB: 0,
  XBC: 0,
  XBD: 0,
  XDR: 0,
  XPD: 0,
  XPT: 0,
  XSU: 0,
  XTS: 0,
  XUA: 0,
  XXX: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

export function currencyExponent(currency: string): number {
  return EXPONENT_EXCEPTIONS[currency] ?? 2;
}

/** Formats an integer minor-unit amount for people, e.g. 15000 KRW → ₩15,000; 1050 USD → $10.50. */
export function formatMoney(amount: number, currency: string, locale = "ko-KR"): string {
  const exponent = currencyExponent(currency);
  const major = amount / 10 ** exponent;
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(major);
  } catch {
    return `${major.toFixed(exponent)} ${currency}`;
  }
}

/** Parses a human amount ("10.50") into minor units for the currency, or null if it has too many decimals. */
export function parseMajorAmount(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim().replaceAll(",", ""));
  if (!m) return null;
  const fraction = m[2] ?? "";
  if (fraction.length > exponent) return null;
  return Number(m[1]) * 10 ** exponent + Number(fraction.padEnd(exponent, "0") || "0");
}
