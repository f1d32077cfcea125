import { getDb } from "@/lib/db/client";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";

type PaymentKey = { merchantId: string; storeId: string; paymentId: string };

/** The statement behind the look-ups by key (its plan is tested: lib/db/transactions-plans.test.ts). */
export function byKeyQuery(table: "transactions" | "cancellations", key: PaymentKey, idempotencyKey: string) {
  return getDb()
    .selectFrom(table)
    .selectAll()
    .where("merchant_id", "=", key.merchantId)
    .where("idempotency_key", "=", idempotencyKey)
    .where("store_id", "=", key.storeId)
    .where("payment_id", "=", key.paymentId);
}

/** The attempt a request's earlier run created: same merchant, store, payment and Idempotency-Key. */
export function findAttemptByKey(key: PaymentKey, idempotencyKey: string): Promise<TransactionsTable | undefined> {
  return byKeyQuery("transactions", key, idempotencyKey).executeTakeFirst() as Promise<TransactionsTable | undefined>;
}

/** The cancellation a request's earlier run created: same merchant, store, payment and Idempotency-Key. */
export function findCancellationByKey(
  key: PaymentKey,
  idempotencyKey: string,
): Promise<CancellationsTable | undefined> {
  return byKeyQuery("cancellations", key, idempotencyKey).executeTakeFirst() as Promise<CancellationsTable | undefined>;
}
