import { getDb, type Db, type Tx } from "@/lib/db/client";
import { lockForUpdate } from "@/lib/db/row-lock";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";

/**
 * The payment area's shared records: transaction and cancellation rows as stored (for the life
 * cycles' conditional writes) and the transaction record with its documents parsed (for reads).
 * Reads of lists, counts and pages live in read/repository/; the seeder's writer in seed/.
 */
export type PaymentKey = { storeId: string; paymentId: string };
/** A transactions row as stored (documents still JSON text). */
export type TransactionRow = TransactionsTable;
export type CancellationRow = CancellationsTable;

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
export function oldestFirst<T extends { created_at: number; id: string }>(rows: T[]): T[] {
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

/** A stored document (channel, customer, origin, escrow detail, method detail): a JSON object. */
export type StoredDocument = Record<string, unknown>;

function isDocument(value: unknown): value is StoredDocument {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isDocumentList(value: unknown): value is StoredDocument[] {
  return Array.isArray(value) && value.every(isDocument);
}

/**
 * Stored JSON text read by `read` (a zod schema's `parse`, or a check answering undefined on a
 * mismatch); text that is not JSON or not of the shape fails naming `where` (table.column of row).
 */
export function parseStoredJson<T>(text: string, read: (value: unknown) => T | undefined, where: string): T {
  let value: T | undefined;
  try {
    value = read(JSON.parse(text));
  } catch {
    value = undefined;
  }
  if (value === undefined) throw new Error(`${where}: stored JSON does not have the expected shape`);
  return value;
}

/**
 * A transaction's document, checked by kind by hand rather than zod: it runs for every transaction
 * of every page read, where a zod schema walk nearly doubled its cost.
 */
function parseDocument<T>(is: (value: unknown) => value is T, text: string, column: string, id: string): T {
  return parseStoredJson(text, (value) => (is(value) ? value : undefined), `transactions.${column} of ${id}`);
}

/** A transactions column holding a JSON object (customer, origin, channel, …), parsed and checked. */
export function storedDocument(text: string, column: string, id: string): StoredDocument {
  return parseDocument(isDocument, text, column, id);
}

/** A transactions column holding a JSON list of objects (products), parsed and checked. */
export function storedDocumentList(text: string, column: string, id: string): StoredDocument[] {
  return parseDocument(isDocumentList, text, column, id);
}
