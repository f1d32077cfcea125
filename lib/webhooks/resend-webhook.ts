import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { transaction as inTransaction } from "@/lib/db/transaction";
import { loadPayment } from "@/lib/payments/read/load-payment";
import { findTransactions } from "@/lib/payments/repository";
import { resolveStore } from "@/lib/tenancy/scope";
import { deliveryIdOfAttempt, findDelivery, latestDeliveryOfTransaction } from "./repository";
import type { ResendWebhookInput } from "./schema";
import { runDeliveryInline } from "./run-inline";
import { queueResend, type ResendSource } from "./targets";

/**
 * POST /v2/payments/{payment_id}/resend-webhook: sends a payment's webhook again (MANUAL), by
 * default the latest webhook of the primary transaction, and waits briefly for the answer.
 * A receiver that fails is 500 WEBHOOK_ERROR (the attempt is recorded in notifications).
 */
export async function resendWebhook({ ctx, input }: { ctx: AuthContext; input: ResendWebhookInput }) {
  const store = await resolveStore(ctx, input.store_id, {
    missingAs: "PAYMENT_NOT_FOUND",
    deniedAs: "PAYMENT_NOT_FOUND",
  });
  const key = { storeId: store.id, paymentId: input.payment_id };
  const transactions = await findTransactions(ctx.merchantId, key);
  if (transactions.length === 0) throw new DomainError("PAYMENT_NOT_FOUND", "payment not found");
  const transaction = input.tx_id
    ? transactions.find((t) => t.id === input.tx_id)
    : transactions.find((t) => t.is_primary === 1);
  if (!transaction)
    throw new DomainError("INVALID_REQUEST", `tx_id: no transaction ${input.tx_id} on this payment`, {
      field: "tx_id",
    });

  let source: ResendSource;
  if (input.webhook_id) {
    const deliveryId = await deliveryIdOfAttempt(ctx.merchantId, transaction.id, input.webhook_id);
    const delivery = deliveryId && (await findDelivery(deliveryId));
    if (!delivery)
      throw new DomainError(
        "INVALID_REQUEST",
        `webhook_id: no webhook ${input.webhook_id} on transaction ${transaction.id}`,
        { field: "webhook_id" },
      );
    source = { kind: "delivery", delivery };
  } else {
    const latest = await latestDeliveryOfTransaction(ctx.merchantId, transaction.id);
    source = latest ? { kind: "delivery", delivery: latest } : { kind: "transaction", transaction };
  }

  const queued = await inTransaction((tx) => queueResend(tx, store, source, { isAsync: false }));
  const first = queued[0];
  if (!first)
    throw new DomainError(
      "INVALID_REQUEST",
      "no webhook address: add a webhook endpoint for this event or send notice_urls with the payment",
    );
  const results = await Promise.all(queued.map((q) => runDeliveryInline(q.deliveryId, q.jobId)));
  const attempt = results[0];
  if (attempt && attempt.status !== "SUCCEEDED") {
    throw new DomainError(
      "WEBHOOK_ERROR",
      `the webhook receiver ${attempt.status === "CONNECT_FAILED" ? `could not be reached (${attempt.error})` : `answered ${attempt.response_code}`}`,
      {
        tx_id: transaction.id,
        webhook_id: attempt.id,
        status: attempt.status,
      },
    );
  }
  const payment = await loadPayment(ctx.merchantId, key);
  return { tx_id: transaction.id, ...(attempt ? { webhook_id: attempt.id } : {}), payment };
}
