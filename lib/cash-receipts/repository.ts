import { DomainError } from "@/lib/errors/domain-error";
import { getDb, type Db, type Tx } from "@/lib/db/client";

/** The payment's receipt: the newest issuance (a cancelled one may have been issued again). */
export function findLatestReceipt(merchantId: string, storeId: string, paymentId: string, db: Db | Tx = getDb()) {
  return db
    .selectFrom("cash_receipts")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .orderBy("issued_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** Whether the store has a payment (any transaction) with this id. */
export async function paymentExists(merchantId: string, storeId: string, paymentId: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom("transactions")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The receipt, else CASH_RECEIPT_NOT_FOUND when the payment is ours, else PAYMENT_NOT_FOUND (CONTRACT §6). */
export async function findReceiptOrThrow(merchantId: string, storeId: string, paymentId: string) {
  const row = await findLatestReceipt(merchantId, storeId, paymentId);
  if (row) return row;
  if (await paymentExists(merchantId, storeId, paymentId)) throw new DomainError("CASH_RECEIPT_NOT_FOUND", "this payment has no cash receipt");
  throw new DomainError("PAYMENT_NOT_FOUND", "no payment or cash receipt with this payment id");
}

/** Keeps only the last 4 digits of a phone or business number. */
export function maskIdentifier(value: string): string {
  return value.length <= 4 ? "*".repeat(value.length) : "*".repeat(value.length - 4) + value.slice(-4);
}
