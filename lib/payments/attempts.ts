import { DomainError } from "@/lib/api/error-codes";
import type { Origin } from "@/lib/auth/context";
import type { Customer } from "@/lib/customers/to-customer";
import type { Product } from "@/lib/customers/schema";
import { withTransaction, type Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { ChannelsTable } from "@/lib/db/tables/foundation";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { sealCashReceiptForm, type CashReceiptForm } from "@/lib/cash-receipts/sealed-form";
import { serializeChannel } from "@/lib/channels/serialize";
import { newId } from "@/lib/ids";
import type { Approval, ProviderFailure, VirtualAccountIssue } from "@/lib/providers/types";
import { enqueue } from "@/lib/jobs/queue";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";
import { ATTEMPT_EXPIRY_DELAY_MS, ATTEMPT_EXPIRY_QUEUE } from "./attempt-expiry-queue";
import { PAID_STATES } from "./status";

/**
 * The life of one payment attempt, shared by key-in, billing-key and scheduled payments:
 * `startAttempt` records a PENDING primary transaction (in its own DB transaction, before the
 * provider is called), `completeAttempt` records the provider's answer and, in the same DB
 * transaction, the webhook event.
 */
export type AttemptInput = {
  merchantId: string;
  storeId: string;
  paymentId: string;
  channel: ChannelsTable;
  method: "CARD" | "VIRTUAL_ACCOUNT" | "MOBILE" | "TRANSFER" | "EASY_PAY" | "GIFT_CERTIFICATE";
  orderName: string;
  currency: string;
  totalAmount: number;
  taxFreeAmount: number;
  vatAmount?: number | null;
  customer: Customer;
  origin: Origin;
  products?: Product[];
  productCount?: number;
  customData?: string;
  country?: string;
  isCulturalExpense?: boolean;
  isEscrow?: boolean;
  noticeUrls?: string[];
  scheduleId?: string | null;
  billingKey?: string | null;
  /** Virtual accounts: `{receipt_type, registration_number, business_number?}` to issue at deposit. */
  cashReceiptForm?: CashReceiptForm;
};

/** Refuses a new attempt on a payment that took money, or has one in flight / awaiting deposit. */
function assertCanAttempt(primary: TransactionsTable | undefined): void {
  if (!primary) return;
  if (PAID_STATES.includes(primary.status)) throw new DomainError("PAYMENT_ALREADY_PAID", "this payment is already paid");
  if (primary.status === "PENDING") throw new DomainError("INVALID_REQUEST", "another attempt on this payment is in progress");
  if (primary.status === "VIRTUAL_ACCOUNT_ISSUED") throw new DomainError("INVALID_REQUEST", "a virtual account is issued for this payment; void it first");
}

export async function startAttempt(input: AttemptInput, existingTx?: Tx): Promise<TransactionsTable> {
  const run = async (tx: Tx) => {
    const primary = await tx
      .selectFrom("transactions")
      .selectAll()
      .where("merchant_id", "=", input.merchantId)
      .where("store_id", "=", input.storeId)
      .where("payment_id", "=", input.paymentId)
      .where("is_primary", "=", 1)
      .executeTakeFirst();
    assertCanAttempt(primary);
    const now = Date.now();
    if (primary) await tx.updateTable("transactions").set({ is_primary: 0, updated_at: now }).where("id", "=", primary.id).execute();
    const row: TransactionsTable = {
      id: newId("tx-"),
      merchant_id: input.merchantId,
      store_id: input.storeId,
      payment_id: input.paymentId,
      is_primary: 1,
      version: "V2",
      channel_id: input.channel.id,
      channel_type: input.channel.type,
      pg_provider: input.channel.pg_provider,
      channel: JSON.stringify(serializeChannel(input.channel)),
      method: input.method,
      schedule_id: input.scheduleId ?? null,
      billing_key: input.billingKey ?? null,
      status: "PENDING",
      status_updated_at: now,
      updated_at: now,
      requested_at: now,
      paid_at: null,
      failed_at: null,
      cancelled_at: null,
      order_name: input.orderName,
      currency: input.currency,
      total_amount: input.totalAmount,
      tax_free_amount: input.taxFreeAmount,
      vat_amount: input.vatAmount ?? null,
      discount_amount: 0,
      paid_amount: 0,
      cancelled_amount: 0,
      cancelled_tax_free_amount: 0,
      customer_id: input.customer.id ?? null,
      customer_name: input.customer.name ?? null,
      customer_email: input.customer.email ?? null,
      customer_phone: input.customer.phone_number ?? null,
      customer: JSON.stringify(input.customer),
      origin: JSON.stringify(input.origin),
      products: input.products ? JSON.stringify(input.products) : null,
      product_count: input.productCount ?? null,
      custom_data: input.customData ?? null,
      country: input.country ?? null,
      promotion_id: null,
      is_cultural_expense: input.isCulturalExpense ? 1 : 0,
      is_escrow: input.isEscrow ? 1 : 0,
      escrow_detail: null,
      notice_urls: input.noticeUrls && input.noticeUrls.length > 0 ? JSON.stringify(input.noticeUrls) : null,
      failure_reason: null,
      failure_pg_code: null,
      failure_pg_message: null,
      payment_method_detail: null,
      card_number: null,
      card_approval_number: null,
      virtual_account_number: null,
      pg_tx_id: null,
      pg_response: null,
      created_at: now,
      cash_receipt_form: input.cashReceiptForm ? sealCashReceiptForm(input.cashReceiptForm) : null,
    };
    await tx.insertInto("transactions").values(row).execute();
    // Should this process die before completeAttempt, a worker closes the attempt as FAILED.
    await enqueue(tx, { queue: ATTEMPT_EXPIRY_QUEUE, payload: { transactionId: row.id }, runAt: now + ATTEMPT_EXPIRY_DELAY_MS, dedupeKey: `attempt-expiry:${row.id}` });
    return row;
  };
  if (existingTx) return run(existingTx);
  try {
    return await withTransaction(run);
  } catch (error) {
    // A concurrent attempt took the payment's primary slot first (unique index, migration 0009):
    // read again, so this caller is answered from that attempt's state.
    if (!isUniqueViolation(error)) throw error;
    return withTransaction(run);
  }
}

export type AttemptOutcome =
  | { kind: "approved"; approval: Approval; paymentMethodDetail: Record<string, unknown> }
  | { kind: "virtual_account"; issue: VirtualAccountIssue; paymentMethodDetail: Record<string, unknown> }
  | { kind: "failed"; failure: ProviderFailure; reason?: string };

/** Records the provider's answer on a PENDING attempt and queues the matching webhook. */
export async function completeAttempt(attempt: TransactionsTable, outcome: AttemptOutcome): Promise<TransactionsTable> {
  return withTransaction(async (tx) => {
    const now = Date.now();
    let patch: Partial<TransactionsTable>;
    if (outcome.kind === "approved") {
      patch = {
        status: "PAID",
        paid_at: now,
        paid_amount: attempt.total_amount,
        pg_tx_id: outcome.approval.pgTxId,
        pg_response: outcome.approval.pgResponse,
        card_number: outcome.approval.card?.number ?? null,
        card_approval_number: outcome.approval.approvalNumber,
        payment_method_detail: JSON.stringify(outcome.paymentMethodDetail),
      };
    } else if (outcome.kind === "virtual_account") {
      patch = {
        status: "VIRTUAL_ACCOUNT_ISSUED",
        pg_tx_id: outcome.issue.pgTxId,
        pg_response: outcome.issue.pgResponse,
        virtual_account_number: outcome.issue.accountNumber,
        payment_method_detail: JSON.stringify(outcome.paymentMethodDetail),
      };
    } else {
      patch = {
        status: "FAILED",
        failed_at: now,
        failure_reason: outcome.reason ?? outcome.failure.pgMessage,
        failure_pg_code: outcome.failure.pgCode,
        failure_pg_message: outcome.failure.pgMessage,
      };
    }
    const updated = { ...attempt, ...patch, status_updated_at: now, updated_at: now };
    await tx.updateTable("transactions").set({ ...patch, status_updated_at: now, updated_at: now }).where("id", "=", attempt.id).where("status", "=", "PENDING").execute();
    await enqueueWebhook(tx, {
      merchantId: attempt.merchant_id,
      storeId: attempt.store_id,
      paymentId: attempt.payment_id,
      txId: attempt.id,
      status: outcome.kind === "approved" ? "Paid" : outcome.kind === "virtual_account" ? "VirtualAccountIssued" : "Failed",
      noticeUrls: attempt.notice_urls ? (JSON.parse(attempt.notice_urls) as string[]) : [],
    });
    return updated;
  });
}

/** Records an unexpected error during the provider call so the attempt is not left PENDING forever. */
export async function abandonAttempt(attempt: TransactionsTable, error: unknown): Promise<void> {
  await completeAttempt(attempt, {
    kind: "failed",
    failure: { ok: false, pgCode: "INTERNAL_ERROR", pgMessage: error instanceof Error ? error.message.slice(0, 200) : "internal error" },
    reason: "internal error while contacting the provider",
  });
}
