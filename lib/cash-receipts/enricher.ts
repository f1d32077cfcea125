import { getDb } from "@/lib/db/client";
import type { TransactionExtras } from "@/lib/payments/enrichers";
import { serializeCashReceiptDetail } from "./serialize";

/** A Transaction's `cash_receipt`: the newest receipt issued against it. */
export async function loadCashReceipts(transactionIds: string[]): Promise<Map<string, TransactionExtras>> {
  const rows = await getDb().selectFrom("cash_receipts").selectAll().where("transaction_id", "in", transactionIds).orderBy("issued_at").orderBy("id").execute();
  const out = new Map<string, TransactionExtras>();
  for (const row of rows) out.set(row.transaction_id!, { cash_receipt: serializeCashReceiptDetail(row) });
  return out;
}
