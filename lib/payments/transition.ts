import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { IllegalTransitionError, requireRows } from "@/lib/db/conditional";
import type { TransactionStatus, TransactionsTable } from "@/lib/db/tables/payments";
import { enqueueWebhook, type WebhookStatus } from "@/lib/webhooks/enqueue";
import { canMove } from "./status";

/** The webhook each state announces (CONTRACT §9); PENDING and READY announce nothing. */
const WEBHOOK_OF: Partial<Record<TransactionStatus, WebhookStatus>> = {
  PAID: "Paid",
  VIRTUAL_ACCOUNT_ISSUED: "VirtualAccountIssued",
  FAILED: "Failed",
  PARTIAL_CANCELLED: "PartialCancelled",
  CANCELLED: "Cancelled",
};

export type TransactionPatch = Partial<Omit<TransactionsTable, "id" | "status" | "status_updated_at" | "updated_at">>;

/**
 * The one way a transaction changes state: checks the state table, writes conditionally on the
 * row being exactly as the caller read it (status and updated_at; callers hold the row lock),
 * and records the state's webhook in the same DB transaction. Returns the row as written.
 */
export async function transitionTransaction(
  tx: Tx,
  row: TransactionsTable,
  to: TransactionStatus,
  patch: TransactionPatch = {},
): Promise<TransactionsTable> {
  if (!canMove(row.status, to)) throw new IllegalTransitionError("transaction", row.id, row.status, to);
  const now = Date.now();
  const set = { ...patch, status: to, status_updated_at: now, updated_at: Math.max(now, row.updated_at + 1) };
  const result = await tx
    .updateTable("transactions")
    .set(set)
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .where("updated_at", "=", row.updated_at)
    .executeTakeFirst();
  requireRows(result, 1, `transaction ${row.id} ${row.status} → ${to}`);
  const next = { ...row, ...set };
  // Recorded only when a dashboard user or an API key made the change (not the worker's sweeps).
  await recordAudit(tx, {
    merchantId: row.merchant_id,
    action: "payment.status_change",
    targetId: row.payment_id,
    before: { tx_id: row.id, status: row.status, cancelled_amount: row.cancelled_amount },
    after: { status: to, cancelled_amount: next.cancelled_amount },
  });
  const webhook = WEBHOOK_OF[to];
  if (webhook) {
    await enqueueWebhook(tx, {
      merchantId: row.merchant_id,
      storeId: row.store_id,
      paymentId: row.payment_id,
      txId: row.id,
      status: webhook,
      noticeUrls: row.notice_urls ? (JSON.parse(row.notice_urls) as string[]) : [],
    });
  }
  return next;
}
