import type { AuthContext } from "@/lib/auth/context";
import { findChannelById } from "@/lib/channels/repository";
import { DomainError } from "@/lib/errors/domain-error";
import { findPrimaryTransaction } from "@/lib/payments/repository";
import { issueReceipt } from "./issue-receipt";
import type { ReceiptFromPaymentInput } from "./schema";
import { receiptUrl } from "./serialize";

/** Cash receipts exist for cash: a card's (or an easy-pay's) slip is already the buyer's tax proof. */
const CASH_METHODS = new Set(["VIRTUAL_ACCOUNT", "TRANSFER"]);

/**
 * A cash receipt for one of our own payments, from its page: order name, currency and channel are
 * the payment's; the amount is what is paid and not refunded unless less is asked (never more:
 * issueReceipt checks it again inside its write). Card payments are refused.
 */
export async function issueReceiptForPayment({
  ctx,
  input,
}: {
  ctx: AuthContext & { storeId: string };
  input: ReceiptFromPaymentInput;
}) {
  const tx = await findPrimaryTransaction(ctx.merchantId, { storeId: ctx.storeId, paymentId: input.payment_id });
  if (!tx) throw new DomainError("PAYMENT_NOT_FOUND", "payment not found");
  if (!tx.method || !CASH_METHODS.has(tx.method))
    throw new DomainError(
      "CASH_RECEIPT_NOT_CASH_PAYMENT",
      "cash receipts are for virtual-account and transfer payments",
    );
  if (tx.status !== "PAID" && tx.status !== "PARTIAL_CANCELLED")
    throw new DomainError("NOT_PAID", "payment is not paid");
  const channel = tx.channel_id ? await findChannelById(tx.channel_id) : undefined;
  if (!channel) throw new DomainError("CHANNEL_NOT_FOUND", "the payment's channel no longer exists");
  const balance = tx.paid_amount - tx.cancelled_amount;
  const amount = input.amount ?? balance;
  const row = await issueReceipt(
    { merchantId: ctx.merchantId, storeId: ctx.storeId, paymentId: input.payment_id, channel },
    {
      type: input.type,
      customer_identifier: input.customer_identifier,
      order_name: tx.order_name,
      currency: tx.currency,
      amount,
      tax_free_amount:
        input.tax_free_amount ?? Math.min(amount, Math.max(0, tx.tax_free_amount - tx.cancelled_tax_free_amount)),
      isManual: true,
    },
  );
  return { receipt_id: row.id, issue_number: row.issue_number, receipt_url: receiptUrl(row.receipt_token) };
}
