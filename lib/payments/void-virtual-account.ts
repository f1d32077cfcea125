import { DomainError, ProviderError } from "@/lib/api/error-codes";
import type { AuthContext } from "@/lib/auth/context";
import { withTransaction } from "@/lib/db/client";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { virtualAccountProviderFor } from "@/lib/providers/virtual-account-registry";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";
import { channelRefOf, lockPrimaryTransaction } from "./locks";
import { requirePrimaryTransaction, resolvePaymentStore } from "./lookup";
import { loadPayment } from "./repository";
import { canMove } from "./status";

/** CONTRACT §5: only an issued, undeposited account can be voided. */
function assertVoidable(row: TransactionsTable): void {
  if (row.status === "READY" || row.status === "PENDING" || row.status === "FAILED") {
    throw new DomainError("NOT_PAID", "no virtual account was issued for this payment");
  }
  if (row.method !== "VIRTUAL_ACCOUNT") throw new DomainError("INVALID_REQUEST", "this payment is not a virtual-account payment");
  if (row.status === "CANCELLED" && row.paid_at === null) throw new DomainError("INVALID_REQUEST", "this virtual account is already voided");
  if (row.status !== "VIRTUAL_ACCOUNT_ISSUED" || !canMove(row.status, "CANCELLED")) {
    throw new DomainError("INVALID_REQUEST", "the virtual account has received its deposit; cancel the payment with a refund account instead");
  }
}

/**
 * DELETE /v2/payments/{payment_id}/virtual-account: VIRTUAL_ACCOUNT_ISSUED → CANCELLED; no deposit
 * is accepted after. The provider closes the account first (outside the DB transaction); the
 * state is re-checked under the row lock when recorded.
 */
export async function voidVirtualAccount({ ctx, input }: { ctx: AuthContext; input: { payment_id: string; store_id?: string } }) {
  const store = await resolvePaymentStore(ctx, input.store_id, false);
  const issued = await requirePrimaryTransaction(ctx.merchantId, store.id, input.payment_id);
  assertVoidable(issued);
  const result = await virtualAccountProviderFor(channelRefOf(issued)).voidVirtualAccount({ channel: channelRefOf(issued), pgTxId: issued.pg_tx_id ?? "" });
  if (!result.ok) throw new ProviderError(result.pgCode, result.pgMessage);
  await withTransaction(async (tx) => {
    const row = await lockPrimaryTransaction(tx, ctx.merchantId, store.id, input.payment_id);
    assertVoidable(row);
    const now = Date.now();
    await tx
      .updateTable("transactions")
      .set({ status: "CANCELLED", cancelled_at: now, status_updated_at: now, updated_at: now })
      .where("id", "=", row.id)
      .where("status", "=", "VIRTUAL_ACCOUNT_ISSUED")
      .execute();
    await enqueueWebhook(tx, {
      merchantId: row.merchant_id,
      storeId: row.store_id,
      paymentId: row.payment_id,
      txId: row.id,
      status: "Cancelled",
      noticeUrls: row.notice_urls ? (JSON.parse(row.notice_urls) as string[]) : [],
    });
  });
  return { payment: (await loadPayment(ctx.merchantId, { storeId: store.id, paymentId: input.payment_id }))! };
}
