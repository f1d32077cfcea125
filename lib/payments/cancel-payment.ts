import { sql } from "kysely";
import { DomainError, ProviderError } from "@/lib/api/error-codes";
import type { AuthContext } from "@/lib/auth/context";
import { withTransaction, type Tx } from "@/lib/db/client";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";
import { newId } from "@/lib/ids";
import { paymentProviderFor } from "@/lib/providers/registry";
import type { CancelOutcome } from "@/lib/providers/types";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";
import { planCancellation, type CancelPlan } from "./cancel-plan";
import { channelRefOf, lockPrimaryTransaction, lockTransaction } from "./locks";
import { resolvePaymentStore } from "./lookup";
import { loadPayment } from "./repository";
import type { CancelInput } from "./schema";
import { canMove, PAID_STATES } from "./status";

type Input = CancelInput & { payment_id: string };

function assertRefundFits(row: TransactionsTable, input: Input): void {
  if (row.method === "VIRTUAL_ACCOUNT" && !input.refund) {
    throw new DomainError("INVALID_REQUEST", "refund (bank, account_holder, account_number) is required to cancel a virtual-account payment", { field: "refund" });
  }
  if (row.method !== "VIRTUAL_ACCOUNT" && input.refund) {
    throw new DomainError("INVALID_REQUEST", "refund applies to virtual-account payments only", { field: "refund" });
  }
}

/**
 * Step 1, one DB transaction: check the request against the balances and claim the amount with
 * a conditional UPDATE (it only succeeds while the balance still covers it), then record the
 * cancellation REQUESTED. Concurrent cancels therefore never claim more than was paid.
 */
async function reserve(ctx: AuthContext, storeId: string, input: Input) {
  return withTransaction(async (tx) => {
    const row = await lockPrimaryTransaction(tx, ctx.merchantId, storeId, input.payment_id);
    assertRefundFits(row, input);
    const plan = planCancellation(row, input);
    const now = Date.now();
    const claimed = await tx
      .updateTable("transactions")
      .set({
        cancelled_amount: sql<number>`cancelled_amount + ${plan.amount}`,
        cancelled_tax_free_amount: sql<number>`cancelled_tax_free_amount + ${plan.taxFree}`,
        updated_at: now,
      })
      .where("id", "=", row.id)
      .where("status", "in", PAID_STATES)
      .where(sql<boolean>`paid_amount - cancelled_amount >= ${plan.amount}`)
      .where(sql<boolean>`tax_free_amount - cancelled_tax_free_amount >= ${plan.taxFree}`)
      .where(sql<boolean>`(paid_amount - cancelled_amount) - (tax_free_amount - cancelled_tax_free_amount) >= ${plan.amount - plan.taxFree}`)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      throw new DomainError("CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT", "the cancellable balance changed; read the payment and try again");
    }
    const cancellation: CancellationsTable = {
      id: newId("cancel-"),
      merchant_id: row.merchant_id,
      store_id: row.store_id,
      transaction_id: row.id,
      payment_id: row.payment_id,
      status: "REQUESTED",
      cancel_amount: plan.amount,
      tax_free_amount: plan.taxFree,
      vat_amount: plan.vat,
      easy_pay_discount_amount: null,
      reason: input.reason ?? "",
      pg_cancellation_id: null,
      requested_at: now,
      cancelled_at: null,
      refund_account: input.refund ? JSON.stringify(input.refund) : null,
      failure_pg_code: null,
      failure_pg_message: null,
    };
    await tx.insertInto("cancellations").values(cancellation).execute();
    return { row, plan, cancellation };
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
async function recordSuccess(transactionId: string, cancellationId: string, pgCancellationId: string) {
  await withTransaction(async (tx) => {
    const row = await lockTransaction(tx, transactionId);
    const now = Date.now();
    await tx.updateTable("cancellations").set({ status: "SUCCEEDED", pg_cancellation_id: pgCancellationId, cancelled_at: now }).where("id", "=", cancellationId).where("status", "=", "REQUESTED").execute();
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
async function recordFailure(transactionId: string, cancellationId: string, plan: CancelPlan, pgCode: string, pgMessage: string) {
  await withTransaction(async (tx) => {
    const failed = await tx
      .updateTable("cancellations")
      .set({ status: "FAILED", failure_pg_code: pgCode, failure_pg_message: pgMessage })
      .where("id", "=", cancellationId)
      .where("status", "=", "REQUESTED")
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) !== 1) return;
    await tx
      .updateTable("transactions")
      .set({
        cancelled_amount: sql<number>`cancelled_amount - ${plan.amount}`,
        cancelled_tax_free_amount: sql<number>`cancelled_tax_free_amount - ${plan.taxFree}`,
        updated_at: Date.now(),
      })
      .where("id", "=", transactionId)
      .execute();
  });
}

/**
 * POST /v2/payments/{payment_id}/cancel: full or partial. Reserve the amount (DB), ask the
 * provider (outside any DB transaction), then record the outcome.
 */
export async function cancelPayment({ ctx, input }: { ctx: AuthContext; input: Input }) {
  const store = await resolvePaymentStore(ctx, input.store_id, true);
  const { row, plan, cancellation } = await reserve(ctx, store.id, input);
  let outcome: CancelOutcome;
  try {
    outcome = await paymentProviderFor(channelRefOf(row)).cancel({
      channel: channelRefOf(row),
      pgTxId: row.pg_tx_id ?? "",
      cancellationId: cancellation.id,
      amount: plan.amount,
      taxFreeAmount: plan.taxFree,
      reason: cancellation.reason,
    });
  } catch (error) {
    await recordFailure(row.id, cancellation.id, plan, "INTERNAL_ERROR", "internal error while contacting the provider");
    throw error;
  }
  if (!outcome.ok) {
    await recordFailure(row.id, cancellation.id, plan, outcome.pgCode, outcome.pgMessage);
    throw new ProviderError(outcome.pgCode, outcome.pgMessage);
  }
  await recordSuccess(row.id, cancellation.id, outcome.pgCancellationId);
  const payment = await loadPayment(ctx.merchantId, { storeId: store.id, paymentId: input.payment_id });
  return { cancelled_tx_id: row.id, cancellation_id: cancellation.id, payment: payment! };
}
