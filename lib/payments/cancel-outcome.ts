import { sql } from "kysely";
import { withTransaction, type Tx } from "@/lib/db/client";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";
import { paymentProviderFor } from "@/lib/providers/registry";
import type { CancelOutcome } from "@/lib/providers/types";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";
import { channelRefOf, lockTransaction } from "./locks";
import { canMove } from "./status";

/**
 * The second half of a cancellation, shared by the request and by recovery: ask the provider
 * (outside any DB transaction), then record its answer. Recording is conditional on the
 * cancellation still being REQUESTED, so it happens once whoever gets there first.
 */
export function askProviderToCancel(row: TransactionsTable, cancellation: CancellationsTable): Promise<CancelOutcome> {
  return paymentProviderFor(channelRefOf(row)).cancel({
    channel: channelRefOf(row),
    pgTxId: row.pg_tx_id ?? "",
    cancellationId: cancellation.id,
    amount: cancellation.cancel_amount,
    taxFreeAmount: cancellation.tax_free_amount,
    reason: cancellation.reason,
  });
}

async function confirmedCancelledAmount(tx: Tx, transactionId: string): Promise<number> {
  const { total } = await tx
    .selectFrom("cancellations")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("cancel_amount"), sql<number>`0`).as("total"))
    .where("transaction_id", "=", transactionId)
    .where("status", "=", "SUCCEEDED")
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** Step 3a: the provider cancelled. The state moves and its webhook are recorded together. */
export async function recordSuccess(transactionId: string, cancellationId: string, pgCancellationId: string) {
  await withTransaction(async (tx) => {
    const row = await lockTransaction(tx, transactionId);
    const now = Date.now();
    const settled = await tx
      .updateTable("cancellations")
      .set({ status: "SUCCEEDED", pg_cancellation_id: pgCancellationId, cancelled_at: now })
      .where("id", "=", cancellationId)
      .where("status", "=", "REQUESTED")
      .executeTakeFirst();
    // Already recorded (by the request or by recovery): nothing more to do.
    if (Number(settled.numUpdatedRows) !== 1) return;
    const confirmed = await confirmedCancelledAmount(tx, transactionId);
    const next = confirmed >= row.paid_amount ? "CANCELLED" : "PARTIAL_CANCELLED";
    if (!canMove(row.status, next)) throw new Error(`cancellation ${cancellationId} cannot move ${row.status} to ${next}`);
    const detail = row.method === "VIRTUAL_ACCOUNT" && row.payment_method_detail ? JSON.parse(row.payment_method_detail) : null;
    if (detail?.virtual_account) detail.virtual_account.refund_status = "COMPLETED";
    await tx
      .updateTable("transactions")
      .set({ status: next, cancelled_at: now, status_updated_at: now, updated_at: now, ...(detail ? { payment_method_detail: JSON.stringify(detail) } : {}) })
      .where("id", "=", transactionId)
      .execute();
    await enqueueWebhook(tx, {
      merchantId: row.merchant_id,
      storeId: row.store_id,
      paymentId: row.payment_id,
      txId: row.id,
      status: next === "CANCELLED" ? "Cancelled" : "PartialCancelled",
      noticeUrls: row.notice_urls ? (JSON.parse(row.notice_urls) as string[]) : [],
    });
  });
}

/** Step 3b: the provider refused (or could not be reached): the claim is released, the payment unchanged. */
export async function recordFailure(transactionId: string, cancellation: Pick<CancellationsTable, "id" | "cancel_amount" | "tax_free_amount">, pgCode: string, pgMessage: string) {
  await withTransaction(async (tx) => {
    // The transaction row first, as every cancellation step does, so lock order never crosses.
    await lockTransaction(tx, transactionId);
    const failed = await tx
      .updateTable("cancellations")
      .set({ status: "FAILED", failure_pg_code: pgCode, failure_pg_message: pgMessage })
      .where("id", "=", cancellation.id)
      .where("status", "=", "REQUESTED")
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) !== 1) return;
    await tx
      .updateTable("transactions")
      .set({
        cancelled_amount: sql<number>`cancelled_amount - ${cancellation.cancel_amount}`,
        cancelled_tax_free_amount: sql<number>`cancelled_tax_free_amount - ${cancellation.tax_free_amount}`,
        updated_at: Date.now(),
      })
      .where("id", "=", transactionId)
      .execute();
  });
}
