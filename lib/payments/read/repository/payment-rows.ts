import { z } from "zod";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { jsonRows, parseJsonRows } from "@/lib/db/json-rows";
import { precompiled } from "@/lib/db/precompiled";
import type { CancellationsTable } from "@/lib/db/tables/payments";
import { oldestFirst, type PaymentKey, type TransactionRow } from "../../repository";
import { transactionEnrichers } from "./enrichers";

/**
 * The transactions columns a Transaction shows (lib/payments/serialize.ts), and the keys that group
 * and order them: nothing else is read (the row has ~60 columns; the search document, look-up state,
 * settle context and the customer's search columns are never shown).
 */
export const WIRE_TRANSACTION_COLUMNS = [
  "id",
  "merchant_id",
  "store_id",
  "payment_id",
  "created_at",
  "is_primary",
  "version",
  "method",
  "channel",
  "schedule_id",
  "billing_key",
  "status_updated_at",
  "updated_at",
  "order_name",
  "status",
  "currency",
  "total_amount",
  "tax_free_amount",
  "vat_amount",
  "discount_amount",
  "paid_amount",
  "cancelled_amount",
  "cancelled_tax_free_amount",
  "customer",
  "origin",
  "is_cultural_expense",
  "is_escrow",
  "escrow_detail",
  "products",
  "product_count",
  "custom_data",
  "requested_at",
  "promotion_id",
  "failure_reason",
  "failure_pg_code",
  "failure_pg_message",
  "failed_at",
  "country",
  "paid_at",
  "payment_method_detail",
  "pg_tx_id",
  "pg_response",
  "cancelled_at",
] as const satisfies readonly (keyof TransactionRow)[];
export type WireTransactionRow = Pick<TransactionRow, (typeof WIRE_TRANSACTION_COLUMNS)[number]>;

/** The cancellation columns a Transaction shows (selected as a JSON array with the payment). */
export const CANCELLATION_COLUMNS = [
  "id",
  "status",
  "cancel_amount",
  "tax_free_amount",
  "easy_pay_discount_amount",
  "reason",
  "pg_cancellation_id",
  "requested_at",
  "cancelled_at",
] as const satisfies readonly (keyof CancellationsTable)[];
export type CancellationRecord = Pick<CancellationsTable, (typeof CANCELLATION_COLUMNS)[number]>;

const cancellationRecord = z.object({
  id: z.string(),
  status: z.enum(["REQUESTED", "FAILED", "SUCCEEDED"]),
  cancel_amount: z.number(),
  tax_free_amount: z.number(),
  easy_pay_discount_amount: z.number().nullable(),
  reason: z.string(),
  pg_cancellation_id: z.string().nullable(),
  requested_at: z.number(),
  cancelled_at: z.number().nullable(),
}) satisfies z.ZodType<CancellationRecord>;

/**
 * A transaction row as read, with everything shown with it: its cancellations (`x_cancellations`)
 * and, per enricher column, the other areas' rows (JSON arrays: text on SQLite, parsed on
 * PostgreSQL). lib/payments/serialize.ts turns it into the wire Transaction in one pass: no
 * intermediate record is built per row (copying a ~45-column row twice was most of a read's own
 * serialization cost).
 */
export type DetailedTransactionRow = WireTransactionRow & { x_cancellations: unknown } & Record<string, unknown>;
/** Every transaction made with one payment id in one store, oldest first. */
export type PaymentRecord = {
  id: string;
  merchant_id: string;
  store_id: string;
  transactions: DetailedTransactionRow[];
};

/**
 * Transaction rows with everything shown with them (cancellations and every enricher's rows) as
 * JSON array columns: a payment, or a page of them, is one statement however much it carries.
 */
function detailedTransactions(db: Db | Tx) {
  return db
    .selectFrom("transactions")
    .select(WIRE_TRANSACTION_COLUMNS.map((column) => `transactions.${column}` as const))
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

/** One payment's detailed rows; compiled once (the hot read of GET /v2/payments/{id}). */
export const paymentRows = precompiled((db: Db, merchantId: string, storeId: string, paymentId: string) =>
  detailedTransactions(db)
    .where("transactions.merchant_id", "=", merchantId)
    .where("transactions.store_id", "=", storeId)
    .where("transactions.payment_id", "=", paymentId),
);

/** A detailed row's cancellations, checked, oldest request first. */
export function cancellationsOf(row: DetailedTransactionRow): CancellationRecord[] {
  const cancellations = parseJsonRows<unknown>(row.x_cancellations).map((c) => cancellationRecord.parse(c));
  return cancellations.sort((a, b) => a.requested_at - b.requested_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Groups detailed rows (oldest first) into payments, in the order payments first appear. */
function groupPayments(rows: DetailedTransactionRow[]): PaymentRecord[] {
  const payments = new Map<string, PaymentRecord>();
  for (const row of rows) {
    const key = `${row.store_id}\u0000${row.payment_id}`;
    let payment = payments.get(key);
    if (!payment) {
      payment = { id: row.payment_id, merchant_id: row.merchant_id, store_id: row.store_id, transactions: [] };
      payments.set(key, payment);
    }
    payment.transactions.push(row);
  }
  return [...payments.values()];
}

/** One payment with everything shown with it, or null when the store has none with that id. One statement. */
export async function findPayment(
  merchantId: string,
  key: PaymentKey,
  db: Db | Tx = getDb(),
): Promise<PaymentRecord | null> {
  const rows = (await paymentRows.all(
    [merchantId, key.storeId, key.paymentId],
    db === getDb() ? undefined : (db as Tx),
  )) as DetailedTransactionRow[];
  if (rows.length === 0) return null;
  return groupPayments(oldestFirst(rows))[0]!;
}

/** Full payments (all their transactions) for the given keys, in the keys' order. One statement. */
export async function findPaymentsByKeys(
  merchantId: string,
  keys: { store_id: string; payment_id: string }[],
): Promise<PaymentRecord[]> {
  if (keys.length === 0) return [];
  const rows = (await detailedTransactions(getDb())
    .where("transactions.merchant_id", "=", merchantId)
    .where("transactions.store_id", "in", [...new Set(keys.map((k) => k.store_id))])
    .where("transactions.payment_id", "in", [...new Set(keys.map((k) => k.payment_id))])
    .execute()) as DetailedTransactionRow[];
  // Sorted here: an ORDER BY would tempt the planner onto a time index instead of the payment index.
  // The IN lists may pair a store with another store's payment id; the key lookup drops those.
  const byKey = new Map(groupPayments(oldestFirst(rows)).map((p) => [`${p.store_id}\u0000${p.id}`, p]));
  return keys
    .map((k) => byKey.get(`${k.store_id}\u0000${k.payment_id}`))
    .filter((p): p is PaymentRecord => p !== undefined);
}
