import { sql } from "kysely";
import { type Db, getDb, withTransaction } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { durableWrite } from "@/lib/db/transaction";
import { executeNamed, executeShaped, precompiled } from "@/lib/db/precompiled";
import { lockForUpdate } from "@/lib/db/row-lock";
import type {
  SandboxPgBillingKeysTable,
  SandboxPgCancellationsTable,
  SandboxPgPaymentsTable,
} from "@/lib/db/tables/sandbox";
import { newId } from "@/lib/ids";

/**
 * The sandbox PG's own ledger, keyed by the merchant's id for each write, so a repeated request finds
 * the first one's record instead of processing again.
 */
export type LedgerPayment = SandboxPgPaymentsTable;
export type LedgerCancellation = SandboxPgCancellationsTable;

export function pgId(kind: string): string {
  return `sbx-${kind}-${newId().toLowerCase()}`;
}

export function findPayment(pgTxId: string) {
  return getDb().selectFrom("sandbox_pg_payments").selectAll().where("pg_tx_id", "=", pgTxId).executeTakeFirst();
}

export async function findPaymentByOrder(orderId: string) {
  const db = getDb();
  return (await executeNamed(db, db.selectFrom("sandbox_pg_payments").selectAll().where("order_id", "=", orderId)))
    .rows[0];
}

/** Records a payment unless one exists for its order id; either way answers the record that stands. */
export async function recordPayment(
  row: SandboxPgPaymentsTable,
): Promise<{ payment: LedgerPayment; created: boolean }> {
  // One round trip when the order is new (the row comes back); the standing record is read only on a
  // conflict. A durable write: on SQLite it shares concurrent payments' group commit (an insert on
  // its own was one more fsync per payment, taken on the event loop).
  const [created] = (
    await durableWrite((db) =>
      executeShaped(db, "record sandbox payment", row, (values) =>
        db
          .insertInto("sandbox_pg_payments")
          .values(values)
          .onConflict((oc) => oc.column("order_id").doNothing())
          .returningAll(),
      ),
    )
  ).rows;
  if (created) return { payment: created, created: true };
  const payment = await findPaymentByOrder(row.order_id);
  if (!payment) throw new Error(`sandbox ledger lost order ${row.order_id}`);
  return { payment, created: false };
}

export async function setPaymentStatus(
  pgTxId: string,
  from: LedgerPayment["status"],
  to: LedgerPayment["status"],
): Promise<boolean> {
  const result = await getDb()
    .updateTable("sandbox_pg_payments")
    .set({ status: to, updated_at: Date.now() })
    .where("pg_tx_id", "=", pgTxId)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Held calls (./hold.ts) recorded with completes_at `heldUntil` complete at `now`. */
export async function completeHeld(heldUntil: number, now: number): Promise<void> {
  const db = getDb();
  await db
    .updateTable("sandbox_pg_payments")
    .set({ completes_at: now })
    .where("completes_at", "=", heldUntil)
    .execute();
  await db
    .updateTable("sandbox_pg_cancellations")
    .set({ completes_at: now })
    .where("completes_at", "=", heldUntil)
    .execute();
}

export function findCancellation(cancelId: string) {
  return getDb()
    .selectFrom("sandbox_pg_cancellations")
    .selectAll()
    .where("cancel_id", "=", cancelId)
    .executeTakeFirst();
}

export type CancelRequest = {
  cancelId: string;
  pgTxId: string;
  amount: number;
  taxFreeAmount: number;
  vatAmount: number | null;
  receivedAt: number;
  completesAt: number;
};

/** Why the provider refuses a refund of this payment, or null when it can take it. */
function refusalOf(payment: LedgerPayment | undefined, amount: number): { code: string; message: string } | null {
  if (!payment) return { code: "PAYMENT_NOT_FOUND", message: "no such payment at the provider (sandbox)" };
  if (payment.behaviour === "CANCEL_REFUSED")
    return { code: "CANCEL_REFUSED", message: "The provider refused the cancellation (sandbox)." };
  if (payment.status !== "APPROVED" && payment.status !== "DEPOSITED")
    return { code: "NOT_CANCELLABLE", message: `the payment is ${payment.status} at the provider (sandbox)` };
  if (payment.amount - payment.cancelled_amount < amount)
    return { code: "EXCEEDS_CANCELLABLE_AMOUNT", message: "the refund exceeds what is left of the payment (sandbox)" };
  return null;
}

/**
 * Records a cancellation: refused, or taken from the payment's remaining amount, in one DB
 * transaction under the payment's row lock. A repeated cancellation id answers the first record.
 */
export async function recordCancellation(
  request: CancelRequest,
): Promise<{ cancellation: LedgerCancellation; created: boolean }> {
  try {
    return await withTransaction(async (tx) => {
      const payment = await lockForUpdate(
        tx.selectFrom("sandbox_pg_payments").selectAll().where("pg_tx_id", "=", request.pgTxId),
      ).executeTakeFirst();
      const existing = await tx
        .selectFrom("sandbox_pg_cancellations")
        .selectAll()
        .where("cancel_id", "=", request.cancelId)
        .executeTakeFirst();
      if (existing) return { cancellation: existing, created: false };
      const refusal = refusalOf(payment, request.amount);
      const row: LedgerCancellation = {
        pg_cancellation_id: pgId("cancel"),
        cancel_id: request.cancelId,
        pg_tx_id: request.pgTxId,
        order_id: payment?.order_id ?? "",
        pg_merchant_id: payment?.pg_merchant_id ?? "",
        status: refusal ? "REFUSED" : "SUCCEEDED",
        amount: request.amount,
        tax_free_amount: request.taxFreeAmount,
        vat_amount: request.vatAmount,
        currency: payment?.currency ?? "",
        refusal_code: refusal?.code ?? null,
        refusal_message: refusal?.message ?? null,
        received_at: request.receivedAt,
        completes_at: request.completesAt,
      };
      if (!refusal) {
        await tx
          .updateTable("sandbox_pg_payments")
          .set({ cancelled_amount: sql<number>`cancelled_amount + ${request.amount}`, updated_at: request.receivedAt })
          .where("pg_tx_id", "=", request.pgTxId)
          .execute();
      }
      await tx.insertInto("sandbox_pg_cancellations").values(row).execute();
      return { cancellation: row, created: true };
    });
  } catch (error) {
    // The same cancellation id sent twice at once, on a payment the provider does not know.
    if (!isUniqueViolation(error)) throw error;
    return { cancellation: (await findCancellation(request.cancelId))!, created: false };
  }
}

function findBillingKeyByIssue(issueId: string) {
  return getDb().selectFrom("sandbox_pg_billing_keys").selectAll().where("issue_id", "=", issueId).executeTakeFirst();
}

// Every billing-key charge reads its key: built once (the benches charge through the sandbox).
const billingKeyRow = precompiled((db: Db, pgBillingKey: string) =>
  db.selectFrom("sandbox_pg_billing_keys").selectAll().where("pg_billing_key", "=", pgBillingKey),
);

export function findBillingKey(pgBillingKey: string) {
  return billingKeyRow.first([pgBillingKey]);
}

export async function recordBillingKey(row: SandboxPgBillingKeysTable): Promise<SandboxPgBillingKeysTable> {
  await getDb()
    .insertInto("sandbox_pg_billing_keys")
    .values(row)
    .onConflict((oc) => oc.column("issue_id").doNothing())
    .execute();
  return (await findBillingKeyByIssue(row.issue_id))!;
}

export async function deleteBillingKey(pgBillingKey: string): Promise<void> {
  await getDb()
    .updateTable("sandbox_pg_billing_keys")
    .set({ status: "DELETED", deleted_at: Date.now() })
    .where("pg_billing_key", "=", pgBillingKey)
    .where("status", "=", "ISSUED")
    .execute();
}

type Position = { at: number; id: string };

function encodeCursor(p: Position): string {
  return `${p.at}:${p.id}`;
}

function decodeCursor(cursor: string | null | undefined): Position | null {
  if (!cursor) return null;
  const split = cursor.indexOf(":");
  return { at: Number(cursor.slice(0, split)), id: cursor.slice(split + 1) };
}

/**
 * One page of the account's ledger in [from, to), payments and cancellations merged in
 * (received_at, id) order; the cursor is the last position returned.
 */
export async function listAccount(
  pgMerchantId: string,
  from: number,
  to: number,
  cursor: string | null | undefined,
  limit: number,
) {
  const after = decodeCursor(cursor);
  const payments = await getDb()
    .selectFrom("sandbox_pg_payments")
    .selectAll()
    .where("pg_merchant_id", "=", pgMerchantId)
    .where("received_at", ">=", from)
    .where("received_at", "<", to)
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb("received_at", ">", after!.at),
          eb.and([eb("received_at", "=", after!.at), eb("pg_tx_id", ">", after!.id)]),
        ]),
      ),
    )
    .orderBy("received_at")
    .orderBy("pg_tx_id")
    .limit(limit)
    .execute();
  const cancellations = await getDb()
    .selectFrom("sandbox_pg_cancellations")
    .selectAll()
    .where("pg_merchant_id", "=", pgMerchantId)
    .where("received_at", ">=", from)
    .where("received_at", "<", to)
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb("received_at", ">", after!.at),
          eb.and([eb("received_at", "=", after!.at), eb("pg_cancellation_id", ">", after!.id)]),
        ]),
      ),
    )
    .orderBy("received_at")
    .orderBy("pg_cancellation_id")
    .limit(limit)
    .execute();
  // Ids are lower-case letters, digits and dashes, which every collation orders as JS does.
  const all = [
    ...payments.map((p) => ({ at: p.received_at, id: p.pg_tx_id, payment: p, cancellation: undefined })),
    ...cancellations.map((c) => ({ at: c.received_at, id: c.pg_cancellation_id, payment: undefined, cancellation: c })),
  ].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rows = all.slice(0, limit);
  const more = all.length > limit || payments.length === limit || cancellations.length === limit;
  const last = rows.at(-1);
  return { rows, nextCursor: last && more ? encodeCursor(last) : null };
}

/**
 * What the sandbox settles for one merchant account: approved and deposited payments, and
 * succeeded refunds (with their payment's method and behaviour), received in [from, to).
 */
export async function settledOfAccount(pgMerchantId: string, from: number, to: number) {
  const db = getDb();
  const payments = await db
    .selectFrom("sandbox_pg_payments")
    .selectAll()
    .where("pg_merchant_id", "=", pgMerchantId)
    .where("received_at", ">=", from)
    .where("received_at", "<", to)
    .where("status", "in", ["APPROVED", "DEPOSITED"])
    .orderBy("received_at")
    .execute();
  const cancellations = await db
    .selectFrom("sandbox_pg_cancellations as c")
    .innerJoin("sandbox_pg_payments as p", "p.pg_tx_id", "c.pg_tx_id")
    .selectAll("c")
    .select(["p.method", "p.behaviour"])
    .where("c.pg_merchant_id", "=", pgMerchantId)
    .where("c.received_at", ">=", from)
    .where("c.received_at", "<", to)
    .where("c.status", "=", "SUCCEEDED")
    .orderBy("c.received_at")
    .execute();
  return { payments, cancellations };
}
