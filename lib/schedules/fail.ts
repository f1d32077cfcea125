import { channelOfKey } from "@/lib/billing-keys/repository";
import { isMissingRowError, isPermanentDbError, transaction } from "@/lib/db/transaction";
import { asDomainError } from "@/lib/errors/domain-error";
import { AttemptInProgressError, startAttempt } from "@/lib/payments/pay/start-attempt";
import { lockTransaction } from "@/lib/payments/transactions/repository";
import { transitionTransaction } from "@/lib/payments/transition";
import { type ScheduleRecord, transitionSchedule } from "./repository";
import { logger } from "@/lib/ops/logger";

/** The code a schedule's FAILED payment carries when the run was refused before any provider call. */
export const SCHEDULE_REJECTED = "SCHEDULE_REJECTED";

/**
 * Errors retrying cannot fix: a refusal of the request itself (validation, a deleted key), data
 * the database refuses, a record that no longer exists. Waiting for another attempt in flight,
 * an unreachable provider or a busy database are not: the job retries those.
 */
export function isPermanent(error: unknown): boolean {
  if (error instanceof AttemptInProgressError) return false;
  return asDomainError(error) !== undefined || isMissingRowError(error) || isPermanentDbError(error);
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

/**
 * Completes a schedule whose run cannot succeed, with a FAILED payment saying why (and its Failed
 * webhook), in one DB transaction, instead of retrying forever. The payment is made from the
 * schedule's own columns, so a broken stored request cannot stop it; if even that is refused,
 * the schedule completes without one (the error is logged).
 */
export async function failSchedule(schedule: ScheduleRecord, error: unknown): Promise<void> {
  const reason = `the scheduled payment could not be made: ${describe(error)}`;
  logger.warn(`schedule ${schedule.id} completes with a failed payment: ${describe(error)}`);
  try {
    await transaction(async (tx) => {
      const channel = await channelOfKey(tx, schedule.billing_key);
      const attempt = await startAttempt(
        {
          merchantId: schedule.merchant_id,
          storeId: schedule.store_id,
          paymentId: schedule.payment_id,
          channel,
          method: "CARD",
          orderName: schedule.order_name,
          currency: schedule.currency,
          totalAmount: schedule.total_amount,
          taxFreeAmount: Math.min(schedule.tax_free_amount, schedule.total_amount),
          customer: schedule.customer,
          origin: schedule.origin,
          noticeUrls: schedule.notice_urls,
          scheduleId: schedule.id,
          billingKey: schedule.billing_key,
        },
        tx,
      );
      const now = Date.now();
      await transitionTransaction(tx, await lockTransaction(tx, attempt.id), "FAILED", {
        failed_at: now,
        lookup_due_at: null,
        failure_reason: reason,
        failure_pg_code: SCHEDULE_REJECTED,
        failure_pg_message: describe(error),
      });
      await transitionSchedule(tx, { id: schedule.id, status: "STARTED" }, "COMPLETED", now);
    });
  } catch (second) {
    logger.error(
      { err: second },
      `schedule ${schedule.id}: its failed payment could not be recorded either; completing it without one`,
    );
    await transaction((tx) => transitionSchedule(tx, { id: schedule.id, status: "STARTED" }, "COMPLETED"));
  }
}
