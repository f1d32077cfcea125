import { NoResultError, sql } from "kysely";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { type Db, getDb, type Tx } from "@/lib/db/client";
import { precompiled } from "@/lib/db/precompiled";
import { IllegalTransitionError, requireRows } from "@/lib/db/conditional";
import type { CancellationStatus, CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";
import type { RefundAccount } from "@/lib/providers/types";
import { parseStoredJson } from "../repository";
import { CANCELLATION_TRANSITIONS, PAID_STATES } from "../status";

/**
 * Cancellations' queries: the balance claim and its release on `transactions`, the cancellation
 * row (recorded, read, moved by its transition function) and its refund account, parsed once.
 */

export type CancellationPatch = Partial<
  Pick<CancellationsTable, "pg_cancellation_id" | "cancelled_at" | "failure_pg_code" | "failure_pg_message">
>;

/**
 * The one way a cancellation changes state: checked against the state table, written conditionally
 * on the state read. The caller moves the transaction next, in the same DB transaction.
 */
export async function transitionCancellation(
  tx: Tx,
  c: CancellationsTable,
  to: CancellationStatus,
  patch: CancellationPatch = {},
): Promise<CancellationsTable> {
  if (!CANCELLATION_TRANSITIONS[c.status].includes(to))
    throw new IllegalTransitionError("cancellation", c.id, c.status, to);
  const set = { ...patch, status: to, lookup_due_at: null };
  const result = await tx
    .updateTable("cancellations")
    .set(set)
    .where("id", "=", c.id)
    .where("status", "=", c.status)
    .executeTakeFirst();
  requireRows(result, 1, `cancellation ${c.id} ${c.status} → ${to}`);
  await recordAudit(tx, {
    merchantId: c.merchant_id,
    action: "cancellation.status_change",
    targetId: c.payment_id,
    before: { cancellation_id: c.id, status: c.status, amount: c.cancel_amount },
    after: { status: to },
  });
  return { ...c, ...set };
}

/** What a cancellation claims of the payment's balances (cancel-plan.ts decides it). */
export type Claim = { amount: number; taxFree: number };

/**
 * Claims the amount with a conditional UPDATE that only succeeds while the balances still cover
 * it, so concurrent cancels never claim more than was paid. False: the balance changed.
 */
export async function claimCancellableAmount(
  tx: Tx,
  row: TransactionsTable,
  claim: Claim,
  now: number,
): Promise<boolean> {
  const claimed = await tx
    .updateTable("transactions")
    .set({
      cancelled_amount: sql<number>`cancelled_amount + ${claim.amount}`,
      cancelled_tax_free_amount: sql<number>`cancelled_tax_free_amount + ${claim.taxFree}`,
      updated_at: now,
    })
    .where("id", "=", row.id)
    .where("status", "in", PAID_STATES)
    .where(sql<boolean>`paid_amount - cancelled_amount >= ${claim.amount}`)
    .where(sql<boolean>`tax_free_amount - cancelled_tax_free_amount >= ${claim.taxFree}`)
    .where(
      sql<boolean>`(paid_amount - cancelled_amount) - (tax_free_amount - cancelled_tax_free_amount) >= ${claim.amount - claim.taxFree}`,
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** A refused cancellation gives its claimed amount back to the payment's balance. */
export async function releaseCancelledAmount(tx: Tx, row: TransactionsTable, c: CancellationsTable): Promise<void> {
  const released = await tx
    .updateTable("transactions")
    .set({
      cancelled_amount: sql<number>`cancelled_amount - ${c.cancel_amount}`,
      cancelled_tax_free_amount: sql<number>`cancelled_tax_free_amount - ${c.tax_free_amount}`,
      updated_at: Math.max(Date.now(), row.updated_at + 1),
    })
    .where("id", "=", row.id)
    .where("cancelled_amount", ">=", c.cancel_amount)
    .executeTakeFirst();
  requireRows(released, 1, `release of cancellation ${c.id} on transaction ${row.id}`);
}

export async function insertCancellation(tx: Tx, cancellation: CancellationsTable): Promise<void> {
  await tx.insertInto("cancellations").values(cancellation).execute();
}

// A cancellation's settling reads, built once: each call binds values.
const cancellationRow = precompiled((db: Db, id: string) =>
  db.selectFrom("cancellations").selectAll().where("id", "=", id),
);
const cancellationTransaction = precompiled((db: Db, id: string) =>
  db.selectFrom("cancellations").select("transaction_id").where("id", "=", id),
);
const confirmedSum = precompiled((db: Db, transactionId: string) =>
  db
    .selectFrom("cancellations")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("cancel_amount"), sql<number>`0`).as("total"))
    .where("transaction_id", "=", transactionId)
    .where("status", "=", "SUCCEEDED"),
);

/** The row, or NoResultError as executeTakeFirstOrThrow throws it. */
function found<R>(row: R | undefined): R {
  if (row === undefined) throw new NoResultError(getDb().selectFrom("cancellations").toOperationNode());
  return row;
}

/** The cancellation as it stands (inside the settling DB transaction, or after a call). */
export async function findCancellation(id: string, db: Tx | undefined = undefined): Promise<CancellationsTable> {
  return found(await cancellationRow.first([id], db));
}

/** The transaction a cancellation belongs to (read before its row lock is taken). */
export async function cancelledTransactionId(tx: Tx, cancellationId: string): Promise<string> {
  return found(await cancellationTransaction.first([cancellationId], tx)).transaction_id;
}

/** What the provider confirmed refunded on a transaction: its SUCCEEDED cancellations' sum. */
export async function confirmedCancelledAmount(tx: Tx, transactionId: string): Promise<number> {
  const { total } = found(await confirmedSum.first([transactionId], tx));
  return Number(total);
}

const storedRefundAccount = z.object({ bank: z.string(), account_number: z.string(), account_holder: z.string() });

/** The refund account a virtual-account cancellation pays back to (stored as the request gave it). */
export function refundAccountOf(c: CancellationsTable): RefundAccount | undefined {
  if (!c.refund_account) return undefined;
  const where = `cancellations.refund_account of ${c.id}`;
  const account = parseStoredJson(c.refund_account, (v) => storedRefundAccount.parse(v), where);
  return { bank: account.bank, accountNumber: account.account_number, holderName: account.account_holder };
}
