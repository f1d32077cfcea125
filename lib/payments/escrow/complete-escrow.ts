import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { callProvider } from "@/lib/providers/call";
import { paymentProviderFor } from "@/lib/channels/providers";
import { toRfc3339 } from "@/lib/time";
import { requirePrimaryTransaction, resolvePaymentStore } from "../payment-scope";
import { outcomeUnknownError } from "../money-operation/unknown-outcome";
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
  const row = await requirePrimaryTransaction(ctx.merchantId, store.id, input.payment_id);
  assertCompletable(row);
  const channel = channelRefOf(row);
  const result = await callProvider((signal) =>
    paymentProviderFor(channel).completeEscrow({ channel, signal, pgTxId: row.pg_tx_id ?? "" }),
  );
  if (!result.answered) throw outcomeUnknownError();
  if (!result.value.ok) throw new ProviderError(result.value.pgCode, result.value.pgMessage);
  return transaction(async (tx) => {
    const current = await lockPrimaryTransaction(tx, ctx.merchantId, store.id, input.payment_id);
    const detail = assertCompletable(current);
    const done = await transitionEscrow(tx, current, { ...detail, status: "COMPLETED" });
    return { completed_at: toRfc3339(done.updated_at) };
  });
}
