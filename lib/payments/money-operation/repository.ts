import { type Db, getDb } from "@/lib/db/client";
import { precompiled } from "@/lib/db/precompiled";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";

type PaymentKey = { merchantId: string; storeId: string; paymentId: string };

// Every keyed money request looks its earlier run up first: built once, each call binds values.
const cancellationByKey = precompiled(
  (db: Db, merchantId: string, idempotencyKey: string, storeId: string, paymentId: string) =>
    db
      .selectFrom("cancellations")
      .selectAll()
      .where("merchant_id", "=", merchantId)
      .where("idempotency_key", "=", idempotencyKey)
      .where("store_id", "=", storeId)
      .where("payment_id", "=", paymentId),
);

/** The cancellation a request's earlier run created: same merchant, store, payment and Idempotency-Key. */
export function findCancellationByKey(
  key: PaymentKey,
  idempotencyKey: string,
): Promise<CancellationsTable | undefined> {
  return cancellationByKey.first([key.merchantId, idempotencyKey, key.storeId, key.paymentId]);
}

/** The statement behind `findAttemptByKey` (its plan is tested: lib/db/transactions-plans.test.ts). */
export function attemptByKeyQuery(key: PaymentKey, idempotencyKey: string, db: Db = getDb()) {
  return db
    .selectFrom("transactions")
    .selectAll()
    .where("merchant_id", "=", key.merchantId)
    .where("idempotency_key", "=", idempotencyKey)
    .where("store_id", "=", key.storeId)
    .where("payment_id", "=", key.paymentId);
}

const attemptsByKey = precompiled(
  (db: Db, merchantId: string, idempotencyKey: string, storeId: string, paymentId: string) =>
    attemptByKeyQuery({ merchantId, storeId, paymentId }, idempotencyKey, db),
);

/**
 * The attempt a request's earlier run created: same merchant, store, payment and Idempotency-Key.
 * One run may make several (another channel after a decline): the primary one answers. Picked here,
 * not by ORDER BY, which turns SQLite's plan away from the payment's index.
 */
export async function findAttemptByKey(
  key: PaymentKey,
  idempotencyKey: string,
): Promise<TransactionsTable | undefined> {
  const attempts = await attemptsByKey.all([key.merchantId, idempotencyKey, key.storeId, key.paymentId]);
  return attempts.find((row) => row.is_primary === 1) ?? attempts[0];
}
