import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { paymentProviderFor } from "@/lib/channels/providers";
import { toRfc3339 } from "@/lib/time";
import { requirePrimaryTransaction, resolvePaymentStore } from "../payment-scope";
import { callWithoutRecord } from "../money-operation/call-without-record";
import { operationScope } from "../money-operation/scope";
import { channelRefOf, lockPrimaryTransaction, type TransactionRow } from "../transactions/repository";
import { assertEscrowOpen } from "./escrow-rules";
import { escrowDetailOf, transitionEscrow } from "./repository";
import type { EscrowCompleteInput } from "../schema";

function assertCompletable(row: TransactionRow) {
  assertEscrowOpen(row);
  const detail = escrowDetailOf(row);
  if (!detail)
    throw new DomainError("INVALID_REQUEST", "register the delivery (escrow/logis) before completing the purchase");
  return detail;
}

/** POST /v2/payments/{payment_id}/escrow/complete: the purchase is confirmed; EscrowDetail becomes COMPLETED. */
export async function completeEscrow({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: EscrowCompleteInput & { payment_id: string };
}) {
  const store = await resolvePaymentStore(ctx, input.store_id, false);
  const scope = operationScope(ctx, store.id, input.payment_id);
  const row = await requirePrimaryTransaction(scope.merchantId, scope.storeId, scope.paymentId);
  assertCompletable(row);
  const channel = channelRefOf(row);
  await callWithoutRecord((signal) =>
    paymentProviderFor(channel).completeEscrow({ channel, signal, pgTxId: row.pg_tx_id ?? "" }),
  );
  return transaction(async (tx) => {
    const current = await lockPrimaryTransaction(tx, scope.merchantId, scope.storeId, scope.paymentId);
    const detail = assertCompletable(current);
    const done = await transitionEscrow(tx, current, { ...detail, status: "COMPLETED" });
    return { completed_at: toRfc3339(done.updated_at) };
  });
}
