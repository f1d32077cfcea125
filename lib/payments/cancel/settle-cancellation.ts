import { type Transaction as Tx, transaction } from "@/lib/db/transaction";
import type { Cancelled, ProviderFailure } from "@/lib/providers/types";
import { type CancellationRow, lockTransaction, type TransactionRow } from "../transactions/repository";
import { transitionTransaction } from "../transition";
import { bookRefundFollowUp, detailWithRefundStatus } from "../virtual-account/refund-follow-up";
import {
  cancelledTransactionId,
  confirmedCancelledAmount,
  findCancellation,
  releaseCancelledAmount,
  transitionCancellation,
} from "./repository";
import { logger } from "@/lib/ops/logger";

/** What the provider said about a cancellation, from its answer or a look-up. */
export type CancellationAnswer =
  | { kind: "succeeded"; cancelled: Cancelled }
  | { kind: "refused"; failure: ProviderFailure };

/** The provider refunded: the cancellation SUCCEEDED, the payment PARTIAL_CANCELLED or CANCELLED with its webhook. */
async function recordSucceeded(tx: Tx, row: TransactionRow, c: CancellationRow, cancelled: Cancelled): Promise<void> {
  const now = Date.now();
  await transitionCancellation(tx, c, "SUCCEEDED", {
    pg_cancellation_id: cancelled.pgCancellationId,
    cancelled_at: now,
  });
  const confirmed = await confirmedCancelledAmount(tx, row.id);
  // A deposited account's refund stands where the PG says (absent: it refunds at once).
  const refundStatus = cancelled.refundStatus ?? "COMPLETED";
  const detail =
    row.method === "VIRTUAL_ACCOUNT" && row.payment_method_detail
      ? detailWithRefundStatus(row, refundStatus, now)
      : null;
  await transitionTransaction(tx, row, confirmed >= row.paid_amount ? "CANCELLED" : "PARTIAL_CANCELLED", {
    cancelled_at: now,
    ...(detail ? { payment_method_detail: JSON.stringify(detail) } : {}),
  });
  if (detail) await bookRefundFollowUp(tx, row, refundStatus, now);
}

/** The provider refused: the cancellation FAILED and its reserved amount released; the payment is unchanged. */
async function recordRefused(tx: Tx, row: TransactionRow, c: CancellationRow, failure: ProviderFailure): Promise<void> {
  await transitionCancellation(tx, c, "FAILED", {
    failure_pg_code: failure.pgCode,
    failure_pg_message: failure.pgMessage,
  });
  await releaseCancelledAmount(tx, row, c);
}

/**
 * Records the provider's answer once, whoever learns it first. The transaction row is locked
 * before the cancellation, as in every cancellation step, so lock order never crosses.
 */
export async function settleCancellation(
  cancellationId: string,
  answer: CancellationAnswer,
  /** A write that belongs with the outcome, run in its transaction when this call settles it. */
  onSettled?: (tx: Tx, settled: CancellationRow) => Promise<void>,
): Promise<CancellationRow> {
  return transaction(async (tx) => {
    const row = await lockTransaction(tx, await cancelledTransactionId(tx, cancellationId));
    const c = await findCancellation(cancellationId, tx);
    if (c.status !== "REQUESTED") {
      if ((c.status === "SUCCEEDED") !== (answer.kind === "succeeded"))
        logger.warn(`cancellation ${c.id} is ${c.status} but the provider now answers ${answer.kind}`);
      return c;
    }
    if (answer.kind === "succeeded") await recordSucceeded(tx, row, c, answer.cancelled);
    else await recordRefused(tx, row, c, answer.failure);
    const settled = await findCancellation(cancellationId, tx);
    await onSettled?.(tx, settled);
    return settled;
  });
}
