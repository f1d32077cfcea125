import { jsonRows, parseJsonRows } from "@/lib/db/json-rows";
import type { TransactionEnricher } from "@/lib/payments/enrichers";
import { serializeCashReceiptDetail, type CashReceiptDetailRow } from "./serialize";

const DETAIL_COLUMNS = ["id", "pg_receipt_id", "issue_number", "type", "amount", "tax_free_amount", "status", "issued_at", "cancelled_at", "receipt_token"] as const;

/** A Transaction's `cash_receipt`: the newest receipt issued against it. */
export const cashReceiptEnricher: TransactionEnricher = {
  column: "x_cash_receipts",
  rows: (eb) => jsonRows(eb.selectFrom("cash_receipts").select(DETAIL_COLUMNS).whereRef("cash_receipts.transaction_id", "=", "transactions.id")),
  extras(value) {
    const rows = parseJsonRows<CashReceiptDetailRow & { id: string }>(value);
    if (rows.length === 0) return {};
    const newest = rows.reduce((a, b) => (b.issued_at > a.issued_at || (b.issued_at === a.issued_at && b.id > a.id) ? b : a));
    return { cash_receipt: serializeCashReceiptDetail(newest) };
  },
};
