import type { TransactionEnricher } from "@/lib/payments/read/repository/enricher-type";
import { parseTransactionReceipts, receiptsOfTransaction } from "./repository";
import { serializeCashReceiptDetail } from "./serialize";

/** A Transaction's `cash_receipt`: the newest receipt issued against it. */
export const cashReceiptEnricher: TransactionEnricher = {
  column: "x_cash_receipts",
  rows: receiptsOfTransaction,
  extras(value) {
    const rows = parseTransactionReceipts(value);
    if (rows.length === 0) return {};
    const newest = rows.reduce((a, b) =>
      b.issued_at > a.issued_at || (b.issued_at === a.issued_at && b.id > a.id) ? b : a,
    );
    return { cash_receipt: serializeCashReceiptDetail(newest) };
  },
};
