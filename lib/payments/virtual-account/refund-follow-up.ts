import { paymentProviderFor } from "@/lib/channels/providers";
import { type Transaction as Tx, transaction } from "@/lib/db/transaction";
import type { JobOutcome } from "@/lib/jobs/handler-types";
import { enqueue } from "@/lib/jobs/queue";
import { callProvider } from "@/lib/providers/call";
import type { VirtualAccountRefundStatus } from "@/lib/providers/types";
import {
  channelRefOf,
  currentTransaction,
  lockTransaction,
  writeMethodDetail,
  type TransactionRow,
} from "../transactions/repository";
import { methodDetailOf } from "./repository";

/**
 * A deposited virtual account's refund the PG has taken but not finished (PENDING) is followed up
 * by this job until the PG reports it final (COMPLETED, FAILED, PARTIAL_REFUND_FAILED): each run
 * looks the payment up and records what the PG says, with the time, on the payment (its
 * `refund_status`, shown on the dashboard timeline). It never gives up; a refund pending for an
 * hour is flagged "needs attention" (lib/jobs/handlers.ts retryForeverQueues).
 */
export const VA_REFUND_FOLLOW_UP_QUEUE = "virtual-account.refund-follow-up";

const FIRST_FOLLOW_UP_MS = 60_000;
const MAX_FOLLOW_UP_MS = 3_600_000;

type Payload = { transactionId: string };

/** The payment's method detail with where its refund stands, and since when. */
export function detailWithRefundStatus(row: TransactionRow, status: VirtualAccountRefundStatus, at: number) {
  const detail = methodDetailOf(row);
  if (!detail.virtual_account) return null;
  detail.virtual_account.refund_status = status;
  detail.virtual_account.refund_status_updated_at = new Date(at).toISOString();
  return detail;
}

/** While the refund is PENDING, books its follow-up (in the caller's transaction: outbox). */
export async function bookRefundFollowUp(
  tx: Tx,
  row: TransactionRow,
  status: VirtualAccountRefundStatus,
  at: number,
): Promise<void> {
  if (status === "PENDING")
    await enqueue(tx, {
      queue: VA_REFUND_FOLLOW_UP_QUEUE,
      payload: { transactionId: row.id } satisfies Payload,
      runAt: at + FIRST_FOLLOW_UP_MS,
      dedupeKey: `${VA_REFUND_FOLLOW_UP_QUEUE}:${row.id}`,
      merchantId: row.merchant_id,
    });
}

function refundStatusOf(row: TransactionRow): unknown {
  return methodDetailOf(row).virtual_account?.refund_status;
}

/** One follow-up: ask the PG, record a changed status; while still PENDING, run again later. */
export async function followUpRefund(payload: Payload, job: { attempts: number }): Promise<JobOutcome> {
  const row = await currentTransaction(payload.transactionId);
  if (refundStatusOf(row) !== "PENDING") return;
  const channel = channelRefOf(row);
  const result = await callProvider((signal) =>
    paymentProviderFor(channel).lookupPayment({ channel, txId: row.id, signal }),
  );
  const retryAt = Date.now() + Math.min(FIRST_FOLLOW_UP_MS * 2 ** Math.max(job.attempts - 1, 0), MAX_FOLLOW_UP_MS);
  if (!result.answered) return { retryAt, error: `refund follow-up: ${result.reason}` };
  const found = result.value;
  const status = found.status === "VIRTUAL_ACCOUNT_ISSUED" ? found.refundStatus : undefined;
  if (!status || status === "PENDING") return { retryAt, error: "the refund is still pending at the provider" };
  await transaction(async (tx) => {
    const locked = await lockTransaction(tx, row.id);
    const detail = refundStatusOf(locked) === "PENDING" ? detailWithRefundStatus(locked, status, Date.now()) : null;
    if (detail) await writeMethodDetail(tx, locked, JSON.stringify(detail));
  });
}
