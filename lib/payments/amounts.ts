/**
 * Korean VAT is 10% of supply, so VAT is taxable/11 (rounded) unless the merchant gave one.
 * Used for TransactionAmount.vat/supply and for cancellations' VAT split.
 */
export function splitVat(taxable: number, givenVat: number | null | undefined): { vat: number; supply: number } {
  const vat = givenVat ?? Math.round(taxable / 11);
  return { vat, supply: taxable - vat };
}
