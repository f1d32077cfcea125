import { openSealed, sealText } from "@/lib/sealed";

/**
 * A virtual account's cash_receipt_form waits on the transaction until the deposit. Its
 * registration number may be a resident number, so it is kept sealed and dropped once used.
 */
export type CashReceiptForm = { receipt_type: "PERSONAL" | "CORPORATE" | "ANONYMOUS"; registration_number: string; business_number?: string };

const PURPOSE = "cash-receipt-form";

export function sealCashReceiptForm(form: CashReceiptForm): string {
  return sealText(PURPOSE, JSON.stringify(form));
}

export function openCashReceiptForm(stored: string): CashReceiptForm {
  const opened = openSealed(PURPOSE, stored);
  if (opened === null) throw new Error("a cash receipt form cannot be opened: was TOKEN_SIGNING_SECRET changed?");
  return JSON.parse(opened) as CashReceiptForm;
}
