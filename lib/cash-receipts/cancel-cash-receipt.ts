import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { getChannelById } from "@/lib/channels/repository";
import { transaction } from "@/lib/db/transaction";
import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import { cashReceiptProviderFor } from "@/lib/channels/providers";
import { callProvider } from "@/lib/providers/call";
import { resolveStore } from "@/lib/tenancy/scope";
import { toRfc3339 } from "@/lib/time";
import { findLatestReceipt, markCancelled, paymentExists } from "./repository";
import { unknownReceiptOutcome } from "./unknown-outcome";

/**
 * DELETE /v2/payments/{payment_id}/cash-receipt: ISSUED → CANCELLED, the whole amount. A payment
 * of ours with no issued receipt (never issued, or cancelled) is 400 CASH_RECEIPT_NOT_ISSUED (state
 * rule 4); an id with neither a payment nor a receipt, here or in a store the caller cannot see,
 * is 404 CASH_RECEIPT_NOT_FOUND (CONTRACT §6).
 */
export async function cancelCashReceipt({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { payment_id: string; store_id?: string };
}) {
  const store = await resolveStore(ctx, input.store_id, {
    missingAs: "CASH_RECEIPT_NOT_FOUND",
    deniedAs: "CASH_RECEIPT_NOT_FOUND",
  });
  const row = await findLatestReceipt(ctx.merchantId, store.id, input.payment_id);
  if (!row && !(await paymentExists(ctx.merchantId, store.id, input.payment_id)))
    throw new DomainError("CASH_RECEIPT_NOT_FOUND", "no payment or cash receipt with this payment id");
  if (!row) throw new DomainError("CASH_RECEIPT_NOT_ISSUED", "this payment has no cash receipt issued");
  if (row.status !== "ISSUED")
    throw new DomainError("CASH_RECEIPT_NOT_ISSUED", "the cash receipt is already cancelled");
  const channel = await getChannelById(row.channel_id);
  const called = await callProvider(() =>
    cashReceiptProviderFor(channel).cancelCashReceipt({
      channel,
      pgReceiptId: row.pg_receipt_id,
      amount: row.amount,
    }),
  );
  // The receipt stays ISSUED: cancelling again is safe (a PG's "already cancelled" is success).
  if (!called.answered) throw unknownReceiptOutcome(called.reason);
  const outcome = called.value;
  if (!outcome.ok) throw new ProviderError(outcome.pgCode, outcome.pgMessage);
  const now = Date.now();
  await transaction(async (tx) => {
    if (!(await markCancelled(row, now, tx)))
      throw new DomainError("CASH_RECEIPT_NOT_ISSUED", "the cash receipt is already cancelled");
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "cash_receipt.cancel",
      targetId: row.payment_id,
      before: { receipt_id: row.id, status: "ISSUED" },
      after: { status: "CANCELLED", cancelled_amount: row.amount },
    });
  });
  return { cancelled_amount: row.amount, cancelled_at: toRfc3339(now) };
}
