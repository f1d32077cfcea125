import { DomainError } from "@/lib/errors/domain-error";
import type { Origin } from "@/lib/auth/context";
import type { Customer } from "@/lib/customers/to-customer";
import type { Product } from "@/lib/customers/schema";
import { durableWrite, isUniqueViolation, type Transaction, transaction } from "@/lib/db/transaction";
import type { ChannelRecord } from "@/lib/channels/repository";
import { sealCashReceiptForm, type CashReceiptForm } from "@/lib/cash-receipts/sealed-form";
import { serializeChannel } from "@/lib/channels/serialize";
import { newId } from "@/lib/ids";
import { PAID_STATES } from "../status";
import type { TransactionRow } from "../transactions/repository";
import { firstLookupAt } from "../unsettled/look-up-times";
import type { SettleContext } from "./settle-context";
import { demotePrimary, findPrimaryForAttempt, insertAttempt } from "./repository";

/**
 * The record step of a payment attempt (key-in, billing-key and scheduled payments): a PENDING
 * primary transaction, its first look-up booked for when the call will have ended. The skeleton
 * (lib/payments/money-operation) then calls and settles it.
 */
export type AttemptInput = {
  merchantId: string;
  storeId: string;
  paymentId: string;
  channel: ChannelRecord;
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
  /** What recording the outcome needs besides the provider's answer (installments, a key's card). */
  settleContext?: SettleContext;
  /** The request's Idempotency-Key: a retried request answers from this attempt. */
  idempotencyKey?: string;
  /**
   * A channel group's failover (lib/routing): the payment's pending attempt that certainly never
   * reached its PG. It stays pending and is looked up as usual; this attempt takes its place.
   */
  failoverFrom?: string;
};

/** Refused while an attempt on the payment is in flight or its outcome is being looked up. */
export class AttemptInProgressError extends DomainError {
  constructor() {
    super(
      "INVALID_REQUEST",
      "another attempt on this payment is in progress (or its outcome is being looked up); read the payment and try again later",
    );
    this.name = "AttemptInProgressError";
  }
}

/** Refuses a new attempt on a payment that took money, or has one in flight / awaiting deposit. */
function assertCanAttempt(primary: TransactionRow | undefined, failoverFrom?: string): void {
  if (!primary) return;
  if (PAID_STATES.includes(primary.status))
    throw new DomainError("PAYMENT_ALREADY_PAID", "this payment is already paid");
  if (primary.status === "PENDING" && primary.id !== failoverFrom) throw new AttemptInProgressError();
  if (primary.status === "VIRTUAL_ACCOUNT_ISSUED")
    throw new DomainError("INVALID_REQUEST", "a virtual account is issued for this payment; void it first");
}

export async function startAttempt(input: AttemptInput, existingTx?: Transaction): Promise<TransactionRow> {
  const run = async (tx: Transaction) => {
    const primary = await findPrimaryForAttempt(tx, input);
    assertCanAttempt(primary, input.failoverFrom);
    const now = Date.now();
    if (primary) await demotePrimary(tx, primary.id, now);
    const row = attemptRow(input, now);
    await insertAttempt(tx, row);
    return row;
  };
  if (existingTx) return run(existingTx);
  // Most attempts are their payment's first: the insert alone records it (on PostgreSQL one round
  // trip instead of BEGIN, the primary look-up, the insert and COMMIT). When the payment already has
  // a primary attempt the unique index (one primary per payment) refuses it, and the full check runs.
  const first = attemptRow(input, Date.now());
  try {
    await durableWrite((db) => insertAttempt(db, first));
    return first;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  try {
    return await transaction(run);
  } catch (error) {
    // A concurrent attempt took the payment's primary slot first (unique index, migration 0009):
    // read again, so this caller is answered from that attempt's state.
    if (!isUniqueViolation(error)) throw error;
    return transaction(run);
  }
}

/** The PENDING primary transaction an attempt starts as, its first look-up booked for after the call. */
function attemptRow(input: AttemptInput, now: number): TransactionRow {
  return {
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
    // Should the outcome go unrecorded (crash, timeout), the sweep asks the provider then.
    lookup_due_at: firstLookupAt(now),
    call_deadline_at: firstLookupAt(now),
    lookup_attempts: 0,
    last_lookup_error: null,
    idempotency_key: input.idempotencyKey ?? null,
    settle_context: input.settleContext ? JSON.stringify(input.settleContext) : null,
  };
}
