import { getDb, type Db, type Tx } from "@/lib/db/client";
import { jsonRows, parseJsonRows } from "@/lib/db/json-rows";
import { precompiled } from "@/lib/db/precompiled";
import { lockForUpdate } from "@/lib/db/row-lock";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { extrasOf, transactionEnrichers } from "./enrichers";
import { CANCELLATION_COLUMNS, serializeTransaction, type CancellationFields, type WirePayment } from "./serialize";

export type PaymentKey = { storeId: string; paymentId: string };

/** The transactions of one payment. Always scoped by merchant and store. */
function paymentTransactions(merchantId: string, key: PaymentKey, db: Db | Tx) {
  return db
    .selectFrom("transactions")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", key.storeId)
    .where("payment_id", "=", key.paymentId);
}

/**
 * Oldest first, sorted here: an ORDER BY (created_at, id) tempts SQLite, without statistics, onto
 * the store's scroll index (store_id, created_at, id), walking every payment of the store instead
 * of the payment index.
 */
function oldestFirst<T extends { created_at: number; id: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every transaction of one payment, oldest first. */
export async function findTransactions(merchantId: string, key: PaymentKey, db: Db | Tx = getDb()) {
  return oldestFirst(await paymentTransactions(merchantId, key, db).execute());
}

/** The payment's primary transaction; `lock` takes its row lock (PostgreSQL) inside a DB transaction. */
export function findPrimaryTransaction(
  merchantId: string,
  key: PaymentKey,
  db: Db | Tx = getDb(),
  options: { lock?: boolean } = {},
) {
  const query = paymentTransactions(merchantId, key, db).where("is_primary", "=", 1);
  return (options.lock ? lockForUpdate(query) : query).executeTakeFirst();
}

/**
 * Transaction rows with everything shown with them (cancellations and every enricher's rows) as
 * JSON array columns: a payment, or a page of them, is one statement however much it carries.
 */
export function detailedTransactions(db: Db | Tx) {
  return db
    .selectFrom("transactions")
    .selectAll("transactions")
    .select((eb) => [
      jsonRows(
        eb
          .selectFrom("cancellations")
          .select(CANCELLATION_COLUMNS)
          .whereRef("cancellations.transaction_id", "=", "transactions.id"),
      ).as("x_cancellations"),
      ...transactionEnrichers.map((enricher) => enricher.rows(eb).as(enricher.column)),
    ]);
}

/** A transaction row plus the JSON array columns of `detailedTransactions`. */
export type DetailedTransaction = TransactionsTable & Record<string, unknown>;

/** One payment's detailed rows; compiled once (the hot read of GET /v2/payments/{id}). */
export const paymentRows = precompiled((db: Db, merchantId: string, storeId: string, paymentId: string) =>
  detailedTransactions(db)
    .where("transactions.merchant_id", "=", merchantId)
    .where("transactions.store_id", "=", storeId)
    .where("transactions.payment_id", "=", paymentId),
);

function cancellationsOf(row: DetailedTransaction): CancellationFields[] {
  const rows = parseJsonRows<CancellationFields>(row.x_cancellations);
  return rows.sort((a, b) => a.requested_at - b.requested_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Groups detailed transaction rows (any order) into wire Payments, in the order payments first appear. */
export function serializePayments(rows: DetailedTransaction[]): WirePayment[] {
  const payments = new Map<string, WirePayment>();
  for (const row of rows) {
    const key = `${row.store_id}\u0000${row.payment_id}`;
    let payment = payments.get(key);
    if (!payment) {
      payment = { id: row.payment_id, merchant_id: row.merchant_id, store_id: row.store_id, transactions: [] };
      payments.set(key, payment);
    }
    payment.transactions.push(serializeTransaction(row, cancellationsOf(row), extrasOf(row)));
  }
  return [...payments.values()];
}

/** One payment in wire shape, or null when the store has no payment with that id. One statement. */
export async function loadPayment(
  merchantId: string,
  key: PaymentKey,
  db: Db | Tx = getDb(),
): Promise<WirePayment | null> {
  const rows = oldestFirst(
    (await paymentRows.all(
      [merchantId, key.storeId, key.paymentId],
      db === getDb() ? undefined : (db as Tx),
    )) as DetailedTransaction[],
  );
  if (rows.length === 0) return null;
  return serializePayments(rows)[0]!;
}
