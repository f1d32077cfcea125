import { auditEntryOf, sealWrittenEntry } from "@/lib/audit/record";
import { IllegalTransitionError, type Transaction } from "@/lib/db/transaction";
import { enqueueWebhook, type WebhookStatus } from "@/lib/webhooks/enqueue";
import { canMove } from "./status";
import {
  noticeUrlsOf,
  type TransactionPatch,
  type TransactionRow,
  type TransactionStatus,
  writeTransactionState,
  writeUnlockedTransactionState,
} from "./transactions/repository";

export type { TransactionPatch };

/** The webhook each state announces (CONTRACT §9); PENDING and READY announce nothing. */
const WEBHOOK_OF: Partial<Record<TransactionStatus, WebhookStatus>> = {
  PAID: "Paid",
  VIRTUAL_ACCOUNT_ISSUED: "VirtualAccountIssued",
  FAILED: "Failed",
  PARTIAL_CANCELLED: "PartialCancelled",
  CANCELLED: "Cancelled",
};

/**
 * The one way a transaction changes state: checks the state table, writes conditionally on the
 * row being exactly as the caller read it (status and updated_at; callers hold the row lock),
 * and records the state's webhook in the same DB transaction. Returns the row as written.
 */
export async function transitionTransaction(
  tx: Transaction,
  row: TransactionRow,
  to: TransactionStatus,
  patch: TransactionPatch = {},
  /**
   * The store's webhook address when the caller read it with the row lock (else the webhook reads
   * it); `unlocked`: the caller knows the row without having locked it (an attempt it has just
   * recorded), the guarded write locks it and answers the row and the address, or throws
   * StaleWriteError when the row is no longer as known.
   */
  known?: { storeWebhookUrl: string | null } | { unlocked: true },
): Promise<TransactionRow> {
  if (!canMove(row.status, to)) throw new IllegalTransitionError("transaction", row.id, row.status, to);
  const now = Date.now();
  const set = { ...patch, status: to, status_updated_at: now, updated_at: Math.max(now, row.updated_at + 1) };
  // Recorded only when a dashboard user or an API key made the change (not the worker's sweeps),
  // written by the state write itself (on PostgreSQL in the same statement).
  const entry = auditEntryOf({
    merchantId: row.merchant_id,
    action: "payment.status_change",
    targetId: row.payment_id,
    before: { tx_id: row.id, status: row.status, cancelled_amount: row.cancelled_amount },
    after: { status: to, cancelled_amount: set.cancelled_amount ?? row.cancelled_amount },
  });
  let next: TransactionRow;
  let address = known && "storeWebhookUrl" in known ? known : undefined;
  if (known && "unlocked" in known) {
    const written = await writeUnlockedTransactionState(tx, row, set, entry);
    next = written.row;
    address = { storeWebhookUrl: written.storeWebhookUrl };
  } else {
    await writeTransactionState(tx, row, set, entry);
    next = { ...row, ...set };
  }
  if (entry) sealWrittenEntry(tx, entry);
  // A try a channel group's failover replaced (no longer primary, never announced while pending)
  // settles FAILED in silence: its payment is carried by the attempt that replaced it.
  const webhook = to === "FAILED" && row.is_primary === 0 ? undefined : WEBHOOK_OF[to];
  if (webhook) {
    await enqueueWebhook(
      tx,
      {
        merchantId: row.merchant_id,
        storeId: row.store_id,
        paymentId: row.payment_id,
        txId: row.id,
        status: webhook,
        noticeUrls: noticeUrlsOf(row),
      },
      address,
    );
  }
  return next;
}
