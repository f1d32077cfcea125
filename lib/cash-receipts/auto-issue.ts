import { DomainError } from "@/lib/api/error-codes";
import { getDb, type Tx } from "@/lib/db/client";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { newId } from "@/lib/ids";
import { enqueue } from "@/lib/jobs/queue";
import { openSealed, sealText } from "@/lib/sealed";
import { issueReceipt } from "./issue";

/**
 * Cash receipts issued automatically when a virtual account is paid: instant pay records the
 * `cash_receipt_form`, the deposit (in its DB transaction) queues a job, and the job calls the
 * provider outside any transaction, like every other provider call.
 */
export const AUTO_ISSUE_QUEUE = "cash-receipt.auto-issue";
const SEAL = "cash-receipt-identifier";

export type CashReceiptForm = { receipt_type: "PERSONAL" | "CORPORATE" | "ANONYMOUS"; registration_number: string; business_number?: string };

/** Instant pay: remember the form of a virtual-account attempt (before the provider is called). */
export async function saveAutoReceiptRequest(attempt: TransactionsTable, form: CashReceiptForm): Promise<void> {
  const now = Date.now();
  // CORPORATE receipts go to the business number when one is given.
  const identifier = (form.receipt_type === "CORPORATE" && form.business_number ? form.business_number : form.registration_number).replace(/[\s-]/g, "");
  await getDb()
    .insertInto("cash_receipt_requests")
    .values({
      id: newId("crq-"),
      merchant_id: attempt.merchant_id,
      store_id: attempt.store_id,
      payment_id: attempt.payment_id,
      transaction_id: attempt.id,
      type: form.receipt_type,
      sealed_identifier: sealText(SEAL, identifier),
      state: "WAITING",
      receipt_id: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Deposit hook: inside the deposit's transaction, queue the issuance (committed with the deposit). */
export async function queueAutoCashReceipt(tx: Tx, transaction: TransactionsTable): Promise<void> {
  const request = await tx.selectFrom("cash_receipt_requests").select("id").where("transaction_id", "=", transaction.id).where("state", "=", "WAITING").executeTakeFirst();
  if (!request) return;
  await enqueue(tx, { queue: AUTO_ISSUE_QUEUE, payload: { requestId: request.id }, dedupeKey: `${AUTO_ISSUE_QUEUE}:${request.id}` });
}

async function settle(requestId: string, patch: { state: "ISSUED" | "FAILED"; receipt_id?: string; last_error?: string }) {
  await getDb().updateTable("cash_receipt_requests").set({ ...patch, updated_at: Date.now() }).where("id", "=", requestId).execute();
}

/** The job: issue for what was paid and not cancelled. A provider refusal is recorded, not retried. */
export async function runAutoCashReceipt(payload: { requestId: string }): Promise<void> {
  const request = await getDb().selectFrom("cash_receipt_requests").selectAll().where("id", "=", payload.requestId).executeTakeFirst();
  if (!request || request.state !== "WAITING") return;
  const tx = await getDb().selectFrom("transactions").selectAll().where("id", "=", request.transaction_id).executeTakeFirstOrThrow();
  const channel = await getDb().selectFrom("channels").selectAll().where("id", "=", tx.channel_id ?? "").executeTakeFirst();
  const identifier = openSealed(SEAL, request.sealed_identifier);
  if (!channel || identifier === null) return settle(request.id, { state: "FAILED", last_error: channel ? "the sealing key changed" : "the payment's channel is gone" });
  try {
    const row = await issueReceipt(tx.merchant_id, tx.store_id, tx.payment_id, channel, {
      type: request.type,
      customer_identifier: identifier,
      order_name: tx.order_name,
      currency: tx.currency,
      amount: tx.paid_amount - tx.cancelled_amount,
      tax_free_amount: Math.max(0, tx.tax_free_amount - tx.cancelled_tax_free_amount),
      isManual: false,
    });
    await settle(request.id, { state: "ISSUED", receipt_id: row.id });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await settle(request.id, { state: "FAILED", last_error: `${error.code}: ${error.message}` });
  }
}
