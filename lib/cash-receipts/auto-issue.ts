import { findChannelById } from "@/lib/channels/repository";
import type { Transaction } from "@/lib/db/transaction";
import { enqueue } from "@/lib/jobs/queue";
import { issueReceipt } from "./issue-receipt";
import { dropCashReceiptForm, findLatestReceipt, findTransactionById } from "./repository";
import { openCashReceiptForm } from "./sealed-form";

/**
 * Cash receipts issued automatically when a virtual account is paid: instant pay keeps the
 * request's `cash_receipt_form` on the transaction (sealed, dropped once issued); the deposit hook (inside the deposit's DB
 * transaction) queues a job, and the job calls the provider outside any transaction, like every
 * other provider call. A refusal fails the job (retried with backoff, then FAILED with last_error).
 */
export const AUTO_ISSUE_QUEUE = "cash-receipt.auto-issue";

/** Deposit hook: queue the issuance, committed with the deposit (or not at all). */
export async function queueAutoCashReceipt(
  tx: Transaction,
  transaction: { id: string; cash_receipt_form?: string | null },
): Promise<void> {
  if (!transaction.cash_receipt_form) return;
  await enqueue(tx, {
    queue: AUTO_ISSUE_QUEUE,
    payload: { transactionId: transaction.id },
    dedupeKey: `${AUTO_ISSUE_QUEUE}:${transaction.id}`,
  });
}

/** The job: issue for what is paid and not cancelled, on the payment's channel. */
export async function runAutoCashReceipt(payload: { transactionId: string }): Promise<void> {
  const tx = await findTransactionById(payload.transactionId);
  if (!tx?.cash_receipt_form || !tx.channel_id) return;
  // A re-run after a crash between issuing and completing the job must not issue twice.
  const existing = await findLatestReceipt(tx.merchant_id, tx.store_id, tx.payment_id);
  if (existing?.transaction_id === tx.id) return;
  const channel = await findChannelById(tx.channel_id);
  if (!channel) return;
  const form = openCashReceiptForm(tx.cash_receipt_form);
  // A corporate receipt goes to the business number when one is given.
  const identifier =
    form.receipt_type === "CORPORATE" && form.business_number ? form.business_number : form.registration_number;
  await issueReceipt(
    { merchantId: tx.merchant_id, storeId: tx.store_id, paymentId: tx.payment_id, channel },
    {
      type: form.receipt_type,
      customer_identifier: identifier.replace(/[\s-]/g, ""),
      order_name: tx.order_name,
      currency: tx.currency,
      amount: tx.paid_amount - tx.cancelled_amount,
      tax_free_amount: Math.max(0, tx.tax_free_amount - tx.cancelled_tax_free_amount),
      isManual: false,
    },
  );
  // Used: the registration number is not kept a moment longer than needed.
  await dropCashReceiptForm(tx.id);
}
