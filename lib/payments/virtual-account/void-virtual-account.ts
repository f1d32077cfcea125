import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { virtualAccountProviderFor } from "@/lib/channels/providers";
import { requirePrimaryTransaction, resolvePaymentStore } from "../payment-scope";
import { callWithoutRecord } from "../money-operation/call-without-record";
import { operationScope } from "../money-operation/scope";
import { loadPayment } from "../read/load-payment";
import { canMove } from "../status";
import { channelRefOf, lockPrimaryTransaction, type TransactionRow } from "../transactions/repository";
import { transitionTransaction } from "../transition";

/** CONTRACT §5: only an issued, undeposited account can be voided. */
function assertVoidable(row: TransactionRow): void {
  if (row.status === "READY" || row.status === "PENDING" || row.status === "FAILED") {
    throw new DomainError("NOT_PAID", "no virtual account was issued for this payment");
  }
  if (row.method !== "VIRTUAL_ACCOUNT")
    throw new DomainError("INVALID_REQUEST", "this payment is not a virtual-account payment");
  if (row.status === "CANCELLED" && row.paid_at === null)
    throw new DomainError("INVALID_REQUEST", "this virtual account is already voided");
  if (row.status !== "VIRTUAL_ACCOUNT_ISSUED" || !canMove(row.status, "CANCELLED")) {
    throw new DomainError(
      "INVALID_REQUEST",
      "the virtual account has received its deposit; cancel the payment with a refund account instead",
    );
  }
}

/**
 * DELETE /v2/payments/{payment_id}/virtual-account: VIRTUAL_ACCOUNT_ISSUED → CANCELLED. The provider
 * closes the account first; the state is re-checked under the row lock when recorded.
 */
export async function voidVirtualAccount({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { payment_id: string; store_id?: string };
}) {
  const store = await resolvePaymentStore(ctx, input.store_id, false);
  const scope = operationScope(ctx, store.id, input.payment_id);
  const issued = await requirePrimaryTransaction(scope.merchantId, scope.storeId, scope.paymentId);
  assertVoidable(issued);
  const channel = channelRefOf(issued);
  await callWithoutRecord((signal) =>
    virtualAccountProviderFor(channel).voidVirtualAccount({ channel, signal, pgTxId: issued.pg_tx_id ?? "" }),
  );
  await transaction(async (tx) => {
    const row = await lockPrimaryTransaction(tx, scope.merchantId, scope.storeId, scope.paymentId);
    assertVoidable(row);
    await transitionTransaction(tx, row, "CANCELLED", { cancelled_at: Date.now() });
  });
  return { payment: (await loadPayment(scope.merchantId, { storeId: scope.storeId, paymentId: scope.paymentId }))! };
}
