import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { toCustomer } from "@/lib/customers/to-customer";
import { isUniqueViolation, transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { enqueue } from "@/lib/jobs/queue";
import { findPrimaryTransaction } from "@/lib/payments/repository";
import { assertTaxFreeWithinTotal } from "@/lib/billing-keys/charge";
import { lockBillingKey } from "@/lib/billing-keys/repository";
import { installmentMonthOf } from "@/lib/billing-keys/schema";
import { assertBookable } from "@/lib/billing-keys/status";
import { resolveStore } from "@/lib/tenancy/scope";
import { toRfc3339 } from "@/lib/time";
import { SCHEDULE_RUN_QUEUE } from "./queue";
import type { CreateScheduleInput } from "./schema";
import { findBookedForPayment, insertSchedule, type ScheduleRecord } from "./repository";

/**
 * POST /v2/schedules. The booking and its `schedule.run` job (run_at = scheduled_at) commit in
 * one transaction, with the billing key locked so a concurrent delete cannot slip between.
 */
export async function createSchedule({ ctx, input }: { ctx: AuthContext; input: CreateScheduleInput }) {
  const { store_id, payment_id, scheduled_at, ...request } = input;
  assertTaxFreeWithinTotal(request);
  if (scheduled_at <= Date.now()) throw new DomainError("PAST_SCHEDULED", "scheduled_at must be in the future");
  const store = await resolveStore(ctx, store_id);
  const id = newId("schedule-");
  try {
    await transaction(async (tx) => {
      const key = await lockBillingKey(
        { merchantId: ctx.merchantId, storeId: store.id, billingKey: request.billing_key },
        tx,
      );
      if (!key) throw new DomainError("BILLING_KEY_NOT_FOUND", "billing key not found");
      assertBookable(key);
      // A failed payment may be tried again (CONTRACT §5); any other existing payment may not.
      const primary = await findPrimaryTransaction(ctx.merchantId, { storeId: store.id, paymentId: payment_id }, tx);
      if (primary && primary.status !== "FAILED")
        throw new DomainError("PAYMENT_ALREADY_EXISTS", "a payment with this payment_id already exists");
      const live = await findBookedForPayment(tx, store.id, payment_id);
      if (live)
        throw new DomainError("PAYMENT_ALREADY_SCHEDULED", "a schedule is already booked for this payment_id", {
          schedule_id: live.id,
        });
      const now = Date.now();
      const keyCustomer = key.customer;
      const row: ScheduleRecord = {
        id,
        merchant_id: ctx.merchantId,
        store_id: store.id,
        billing_key: key.id,
        payment_id,
        status: "SCHEDULED",
        scheduled_at,
        started_at: null,
        completed_at: null,
        cancelled_at: null,
        order_name: request.order_name,
        currency: request.currency,
        total_amount: request.total_amount,
        tax_free_amount: request.tax_free_amount ?? 0,
        is_cultural_expense: request.is_cultural_expense ? 1 : 0,
        is_escrow: request.is_escrow ? 1 : 0,
        customer: { ...keyCustomer, ...toCustomer(request.customer, { assignId: false }), id: keyCustomer.id },
        origin: ctx.origin,
        products: request.products ?? null,
        custom_data: request.custom_data ?? null,
        notice_urls: request.notice_urls ?? [],
        installment_month: installmentMonthOf(request.card_installment_plan) ?? null,
        request: JSON.stringify(request),
        created_at: now,
        updated_at: now,
      };
      await insertSchedule(tx, row);
      await enqueue(tx, {
        queue: SCHEDULE_RUN_QUEUE,
        payload: { scheduleId: id },
        runAt: scheduled_at,
        maxAttempts: 20,
        dedupeKey: `schedule:${id}`,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DomainError("PAYMENT_ALREADY_SCHEDULED", "a schedule is already booked for this payment_id");
    throw error;
  }
  return { id, scheduled_at: toRfc3339(scheduled_at) };
}
