import { getDb, type Db, type Tx } from "@/lib/db/client";
import { lockForUpdate } from "@/lib/db/row-lock";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";
import { loadExtras } from "./enrichers";
import { serializeTransaction, type WirePayment } from "./serialize";

export type PaymentKey = { storeId: string; paymentId: string };

/** The transactions of one payment. Always scoped by merchant and store. */
function paymentTransactions(merchantId: string, key: PaymentKey, db: Db | Tx) {
  return db.selectFrom("transactions").selectAll().where("merchant_id", "=", merchantId).where("store_id", "=", key.storeId).where("payment_id", "=", key.paymentId);
}

/** Every transaction of one payment, oldest first. */
export function findTransactions(merchantId: string, key: PaymentKey, db: Db | Tx = getDb()) {
  return paymentTransactions(merchantId, key, db).orderBy("created_at").orderBy("id").execute();
}

/** The payment's primary transaction; `lock` takes its row lock (PostgreSQL) inside a DB transaction. */
export function findPrimaryTransaction(merchantId: string, key: PaymentKey, db: Db | Tx = getDb(), options: { lock?: boolean } = {}) {
  const query = paymentTransactions(merchantId, key, db).where("is_primary", "=", 1);
  return (options.lock ? lockForUpdate(query) : query).executeTakeFirst();
}

async function cancellationsByTransaction(ids: string[], db: Db | Tx): Promise<Map<string, CancellationsTable[]>> {
  const map = new Map<string, CancellationsTable[]>();
  if (ids.length === 0) return map;
  const rows = await db.selectFrom("cancellations").selectAll().where("transaction_id", "in", ids).orderBy("requested_at").orderBy("id").execute();
  for (const row of rows) map.set(row.transaction_id, [...(map.get(row.transaction_id) ?? []), row]);
  return map;
}

/** Groups transaction rows (any order) into wire Payments, in the order payments first appear. */
export async function serializePayments(rows: TransactionsTable[], db: Db | Tx = getDb()): Promise<WirePayment[]> {
  const ids = rows.map((r) => r.id);
  const [cancellations, extras] = await Promise.all([cancellationsByTransaction(ids, db), loadExtras(ids)]);
  const payments = new Map<string, WirePayment>();
  for (const row of rows) {
    const key = `${row.store_id}\u0000${row.payment_id}`;
    let payment = payments.get(key);
    if (!payment) {
      payment = { id: row.payment_id, merchant_id: row.merchant_id, store_id: row.store_id, transactions: [] };
      payments.set(key, payment);
    }
    payment.transactions.push(serializeTransaction(row, cancellations.get(row.id) ?? [], extras.get(row.id)));
  }
  return [...payments.values()];
}

/** One payment in wire shape, or null when the store has no payment with that id. */
export async function loadPayment(merchantId: string, key: PaymentKey, db: Db | Tx = getDb()): Promise<WirePayment | null> {
  const rows = await findTransactions(merchantId, key, db);
  if (rows.length === 0) return null;
  return (await serializePayments(rows, db))[0]!;
}
