import { openSealedOrThrow, sealText } from "@/lib/sealed";

/**
 * A virtual account's cash_receipt_form waits on the transaction until the deposit. Its
 * registration number may be a resident number, so it is kept sealed and dropped once used.
 */
export type CashReceiptForm = { receipt_type: "PERSONAL" | "CORPORATE" | "ANONYMOUS"; registration_number: string; business_number?: string };

const PURPOSE = "cash-receipt-form";

export const sealCashReceiptForm = (form: CashReceiptForm): string => sealText(PURPOSE, JSON.stringify(form));
export const openCashReceiptForm = (stored: string): CashReceiptForm => JSON.parse(openSealedOrThrow(PURPOSE, stored)) as CashReceiptForm;
