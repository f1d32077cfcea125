import { DomainError, ProviderError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { cashReceiptProviderFor } from "@/lib/providers/cash-receipt-registry";
import { resolveStore } from "@/lib/tenancy/scope";
import { toRfc3339 } from "@/lib/time";
import { findLatestReceipt, paymentExists } from "./repository";

/**
 * DELETE /v2/payments/{payment_id}/cash-receipt: ISSUED → CANCELLED, the whole amount. A payment
 * of ours with no issued receipt (never issued, or cancelled) is 400 CASH_RECEIPT_NOT_ISSUED (state
 * rule 4); an id with neither a payment nor a receipt, here or in a store the caller cannot see,
 * is 404 CASH_RECEIPT_NOT_FOUND (CONTRACT §6).
 */
export async function cancelCashReceipt({ ctx, paymentId, input }: { ctx: AuthContext; paymentId: string; input: { store_id?: string } }) {
  const store = await resolveStore(ctx, input.store_id, { missingAs: "CASH_RECEIPT_NOT_FOUND", deniedAs: "CASH_RECEIPT_NOT_FOUND" });
  const row = await findLatestReceipt(ctx.merchantId, store.id, paymentId);
  if (!row && !(await paymentExists(ctx.merchantId, store.id, paymentId))) throw new DomainError("CASH_RECEIPT_NOT_FOUND", "no payment or cash receipt with this payment id");
  if (!row) throw new DomainError("CASH_RECEIPT_NOT_ISSUED", "this payment has no cash receipt issued");
  if (row.status !== "ISSUED") throw new DomainError("CASH_RECEIPT_NOT_ISSUED", "the cash receipt is already cancelled");
  const channel = await getDb().selectFrom("channels").selectAll().where("id", "=", row.channel_id).executeTakeFirstOrThrow();
  const outcome = await cashReceiptProviderFor(channel).cancelCashReceipt({ channel, pgReceiptId: row.pg_receipt_id, amount: row.amount });
  if (!outcome.ok) throw new ProviderError(outcome.pgCode, outcome.pgMessage);
  const now = Date.now();
  const done = await getDb()
    .updateTable("cash_receipts")
    .set({ status: "CANCELLED", cancelled_at: now, cancelled_amount: row.amount, updated_at: now })
    .where("id", "=", row.id)
    .where("status", "=", "ISSUED")
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw new DomainError("CASH_RECEIPT_NOT_ISSUED", "the cash receipt is already cancelled");
  return { cancelled_amount: row.amount, cancelled_at: toRfc3339(now) };
}
