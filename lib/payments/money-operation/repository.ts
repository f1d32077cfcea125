import { getDb } from "@/lib/db/client";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";

type PaymentKey = { merchantId: string; storeId: string; paymentId: string };

/** The cancellation a request's earlier run created: same merchant, store, payment and Idempotency-Key. */
export function findCancellationByKey(
  key: PaymentKey,
  idempotencyKey: string,
): Promise<CancellationsTable | undefined> {
  return getDb()
    .selectFrom("cancellations")
    .selectAll()
    .where("merchant_id", "=", key.merchantId)
    .where("idempotency_key", "=", idempotencyKey)
    .where("store_id", "=", key.storeId)
    .where("payment_id", "=", key.paymentId)
    .executeTakeFirst();
}

/** The statement behind `findAttemptByKey` (its plan is tested: lib/db/transactions-plans.test.ts). */
export function attemptByKeyQuery(key: PaymentKey, idempotencyKey: string) {
  return getDb()
    .selectFrom("transactions")
    .selectAll()
    .where("merchant_id", "=", key.merchantId)
    .where("idempotency_key", "=", idempotencyKey)
    .where("store_id", "=", key.storeId)
    .where("payment_id", "=", key.paymentId);
}

/**
 * The attempt a request's earlier run created: same merchant, store, payment and Idempotency-Key.
 * One run may make several (another channel after a decline): the primary one answers. Picked here,
 * not by ORDER BY, which turns SQLite's plan away from the payment's index.
 */
export async function findAttemptByKey(
  key: PaymentKey,
  idempotencyKey: string,
): Promise<TransactionsTable | undefined> {
  const attempts = await attemptByKeyQuery(key, idempotencyKey).execute();
  return attempts.find((row) => row.is_primary === 1) ?? attempts[0];
}
