import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { paymentProviderFor } from "@/lib/channels/providers";
import { toRfc3339 } from "@/lib/time";
import { requirePrimaryTransaction, resolvePaymentStore } from "../payment-scope";
import { callWithoutRecord } from "../money-operation/call-without-record";
import { operationScope } from "../money-operation/scope";
import { channelRefOf, lockPrimaryTransaction } from "../transactions/repository";
import { assertEscrowOpen } from "./escrow-rules";
import { type EscrowDetail, transitionEscrow } from "./repository";
import type { EscrowLogisticsInput } from "../schema";

/**
 * POST /v2/payments/{payment_id}/escrow/logis: registers the delivery of an escrow payment, or
 * changes it when called again. The provider is told first; the detail is recorded after,
 * re-checked under the row lock.
 */
export async function registerEscrowLogistics({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: EscrowLogisticsInput & { payment_id: string };
}) {
  const store = await resolvePaymentStore(ctx, input.store_id, false);
  const scope = operationScope(ctx, store.id, input.payment_id);
  const row = await requirePrimaryTransaction(scope.merchantId, scope.storeId, scope.paymentId);
  assertEscrowOpen(row);
  const form = input.logistics_form;
  const channel = channelRefOf(row);
  await callWithoutRecord((signal) =>
    paymentProviderFor(channel).registerEscrowLogistics({
      channel,
      signal,
      pgTxId: row.pg_tx_id ?? "",
      company: form.company,
      invoiceNumber: form.invoice_number,
    }),
  );
  return transaction(async (tx) => {
    const current = await lockPrimaryTransaction(tx, scope.merchantId, scope.storeId, scope.paymentId);
    assertEscrowOpen(current);
    const now = Date.now();
    const detail: EscrowDetail = {
      company: form.company,
      invoice_number: form.invoice_number,
      status: "REGISTERED",
      sent_at: toRfc3339(form.sent_at),
      applied_at: toRfc3339(now),
    };
    await transitionEscrow(tx, current, detail);
    return {
      company: detail.company,
      invoice_number: detail.invoice_number,
      sent_at: detail.sent_at,
      applied_at: detail.applied_at,
    };
  });
}
