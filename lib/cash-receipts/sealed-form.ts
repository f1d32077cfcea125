import { z } from "zod";
import { openSealedOrThrow, sealText } from "@/lib/sealed";

/**
 * A virtual account's cash_receipt_form waits on the transaction until the deposit. Its
 * registration number may be a resident number, so it is kept sealed and dropped once used.
 */
const cashReceiptForm = z.object({
  receipt_type: z.enum(["PERSONAL", "CORPORATE", "ANONYMOUS"]),
  registration_number: z.string(),
  business_number: z.string().optional(),
});
export type CashReceiptForm = z.infer<typeof cashReceiptForm>;

const PURPOSE = "cash-receipt-form";

export const sealCashReceiptForm = (form: CashReceiptForm): string => sealText(PURPOSE, JSON.stringify(form));
/** The form behind a stored value, checked (a value that is not one fails loudly rather than issue a wrong receipt). */
export const openCashReceiptForm = (stored: string): CashReceiptForm =>
  cashReceiptForm.parse(JSON.parse(openSealedOrThrow(PURPOSE, stored)));
