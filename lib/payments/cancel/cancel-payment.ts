import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { type Executor, type Transaction, transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { resolvePaymentStore } from "../payment-scope";
import { earlierOutcome } from "../money-operation/earlier-outcome";
import { type OperationScope, operationScope } from "../money-operation/scope";
import { outcomeUnknownError } from "../money-operation/unknown-outcome";
import { loadPayment } from "../read/load-payment";
import type { CancelInput } from "../schema";
import { type CancellationRow, lockPrimaryTransaction, type TransactionRow } from "../transactions/repository";
import { firstLookupAt } from "../unsettled/look-up-times";
import { planCancellation } from "./cancel-plan";
import { cancellationOperation, runCancellationCall } from "./cancellation-call";
import { claimCancellableAmount, insertCancellation } from "./repository";

type Input = CancelInput & { payment_id: string };

function assertRefundFits(row: TransactionRow, input: Input): void {
  if (row.method === "VIRTUAL_ACCOUNT" && !input.refund) {
    throw new DomainError(
      "INVALID_REQUEST",
      "refund (bank, account_holder, account_number) is required to cancel a virtual-account payment",
      { field: "refund" },
    );
  }
  if (row.method !== "VIRTUAL_ACCOUNT" && input.refund) {
    throw new DomainError("INVALID_REQUEST", "refund applies to virtual-account payments only", { field: "refund" });
  }
}

/**
 * The record step, one DB transaction: claim the amount with a conditional UPDATE, then record the
 * cancellation REQUESTED, so concurrent cancels never claim more than was paid.
 */
async function reserve(scope: OperationScope, input: Input) {
  return transaction(async (tx) => {
    const row = await lockPrimaryTransaction(tx, scope.merchantId, scope.storeId, scope.paymentId);
    const plan = planCancellation(row, input);
    // After the state checks, so an unpaid virtual account answers NOT_PAID whatever the body.
    assertRefundFits(row, input);
    const now = Date.now();
    if (!(await claimCancellableAmount(tx, row, plan, now))) {
      throw new DomainError(
        "CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT",
        "the cancellable balance changed; read the payment and try again",
      );
    }
    const cancellation: CancellationRow = {
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
      // Should the outcome go unrecorded (crash, timeout), the sweep asks the provider then.
      lookup_due_at: firstLookupAt(now),
      lookup_attempts: 0,
      last_lookup_error: null,
      idempotency_key: scope.idempotencyKey,
    };
    await insertCancellation(tx, cancellation);
    return { row, plan, cancellation };
  });
}

/**
 * POST /v2/payments/{payment_id}/cancel: full or partial, through the money-operation skeleton. An
 * unknown outcome keeps the cancellation REQUESTED (its amount reserved) until a look-up settles it.
 */
export async function cancelPayment({ ctx, input }: { ctx: AuthContext; input: Input }) {
  const store = await resolvePaymentStore(ctx, input.store_id, true);
  const scope = operationScope(ctx, store.id, input.payment_id);
  // A retry of a request whose first run died answers that run's cancellation.
  const earlier = await earlierOutcome(cancellationOperation, scope);
  if (earlier) return cancelResponse(scope, earlier);
  const { row, cancellation } = await reserve(scope, input);
  const kept = keepAnswerWithOutcome(ctx, scope);
  const settled = await runCancellationCall(row, cancellation, kept?.onSettled);
  return kept?.answer(settled) ?? cancelResponse(scope, settled);
}

/**
 * With an Idempotency-Key, a cancellation that succeeded keeps the key's answer in the outcome's
 * own transaction (one commit, not two), read there and answered as kept; a refusal is an error,
 * which the key keeps after.
 */
function keepAnswerWithOutcome(ctx: AuthContext, scope: OperationScope) {
  const keep = ctx.keepAnswer;
  if (!keep) return undefined;
  let kept: { id: string; answer: CancelAnswer } | undefined;
  return {
    onSettled: async (tx: Transaction, settled: CancellationRow) => {
      if (settled.status !== "SUCCEEDED") return;
      const answer = await cancelResponse(scope, settled, tx);
      await keep(tx, answer);
      kept = { id: settled.id, answer };
    },
    answer: (settled: CancellationRow) => (kept?.id === settled.id ? kept.answer : undefined),
  };
}

type CancelAnswer = Awaited<ReturnType<typeof cancelResponse>>;

async function cancelResponse(scope: OperationScope, settled: CancellationRow, db?: Executor) {
  if (settled.status === "REQUESTED") throw outcomeUnknownError(settled);
  if (settled.status === "FAILED")
    throw new ProviderError(
      settled.failure_pg_code ?? "CANCEL_REFUSED",
      settled.failure_pg_message ?? "the provider refused the cancellation",
    );
  const payment = await loadPayment(scope.merchantId, { storeId: scope.storeId, paymentId: settled.payment_id }, db);
  return { cancelled_tx_id: settled.transaction_id, cancellation_id: settled.id, payment: payment! };
}
