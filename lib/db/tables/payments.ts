/**
 * A payment is the merchant's `payment_id` within a store; every attempt on it is a row of
 * `transactions`, the newest `is_primary`. Money columns are integer minor units. JSON columns hold
 * wire-shaped documents (customer, origin, products, channel snapshot, method detail, escrow).
 */
export type TransactionStatus =
  | "READY"
  | "PENDING"
  | "VIRTUAL_ACCOUNT_ISSUED"
  | "PAID"
  | "FAILED"
  | "PARTIAL_CANCELLED"
  | "CANCELLED";
export type CancellationStatus = "REQUESTED" | "FAILED" | "SUCCEEDED";

export interface TransactionsTable {
  id: string;
  merchant_id: string;
  store_id: string;
  payment_id: string;
  is_primary: number;
  version: "V1" | "V2";
  channel_id: string | null;
  channel_type: "LIVE" | "TEST";
  pg_provider: string | null;
  /** Channel as it was at payment time (wire shape). */
  channel: string | null;
  method: string | null;
  schedule_id: string | null;
  billing_key: string | null;
  status: TransactionStatus;
  status_updated_at: number;
  updated_at: number;
  requested_at: number;
  paid_at: number | null;
  failed_at: number | null;
  cancelled_at: number | null;
  order_name: string;
  currency: string;
  total_amount: number;
  tax_free_amount: number;
  /** VAT given at payment, else null (derived as taxable/11 when shown). */
  vat_amount: number | null;
  discount_amount: number;
  paid_amount: number;
  /** Includes amounts reserved by cancellations still REQUESTED, so concurrent cancels never exceed paid. */
  cancelled_amount: number;
  cancelled_tax_free_amount: number;
  customer_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  customer: string;
  origin: string;
  products: string | null;
  product_count: number | null;
  custom_data: string | null;
  country: string | null;
  promotion_id: string | null;
  is_cultural_expense: number;
  is_escrow: number;
  escrow_detail: string | null;
  notice_urls: string | null;
  failure_reason: string | null;
  failure_pg_code: string | null;
  failure_pg_message: string | null;
  payment_method_detail: string | null;
  /** Masked card number, approval number and virtual account number, kept as columns for search. */
  card_number: string | null;
  card_approval_number: string | null;
  virtual_account_number: string | null;
  pg_tx_id: string | null;
  pg_response: string | null;
  created_at: number;
  /** Virtual accounts: the request's cash_receipt_form (JSON), for issuing the receipt at deposit. */
  cash_receipt_form?: string | null;
  /** PENDING only: when the provider is next asked for this attempt's outcome (lib/payments/unsettled/sweep.ts). */
  lookup_due_at: number | null;
  lookup_attempts: number;
  last_lookup_error: string | null;
  /** Until when a sweeper's claim on the look-up lasts; null when none holds it (migration 0097). */
  lookup_claimed_until?: number | null;
  /** When the provider call can no longer be in flight; before it "no record" settles nothing (migration 0105). */
  call_deadline_at?: number | null;
  /** The Idempotency-Key of the request that made this attempt (a retried request answers from it). */
  idempotency_key: string | null;
  /** JSON: what building the payment method detail needs when the outcome arrives by look-up. */
  settle_context: string | null;
}

export interface CancellationsTable {
  id: string;
  merchant_id: string;
  store_id: string;
  transaction_id: string;
  payment_id: string;
  status: CancellationStatus;
  cancel_amount: number;
  tax_free_amount: number;
  vat_amount: number | null;
  easy_pay_discount_amount: number | null;
  reason: string;
  pg_cancellation_id: string | null;
  requested_at: number;
  cancelled_at: number | null;
  refund_account: string | null;
  failure_pg_code: string | null;
  failure_pg_message: string | null;
  /** REQUESTED only: when the provider is next asked for this cancellation's outcome. */
  lookup_due_at: number | null;
  lookup_attempts: number;
  last_lookup_error: string | null;
  /** Until when a sweeper's claim on the look-up lasts; null when none holds it (migration 0097). */
  lookup_claimed_until?: number | null;
  idempotency_key: string | null;
}

export type LateApprovalStatus = "REFUND_REQUESTED" | "REFUNDED" | "REFUND_REFUSED";

/**
 * An approval (or virtual account) the provider made for an attempt we had already settled
 * FAILED. It is never dropped: the charge is refunded (the account voided) at the provider,
 * keyed by this row's id, and the row shows in the reconciliation report.
 */
export interface LateApprovalsTable {
  id: string;
  merchant_id: string;
  store_id: string;
  transaction_id: string;
  payment_id: string;
  kind: "CHARGE" | "VIRTUAL_ACCOUNT";
  pg_tx_id: string;
  amount: number;
  currency: string;
  status: LateApprovalStatus;
  detected_at: number;
  resolved_at: number | null;
  pg_cancellation_id: string | null;
  failure_pg_code: string | null;
  failure_pg_message: string | null;
  lookup_due_at: number | null;
  lookup_attempts: number;
  last_lookup_error: string | null;
  /** Until when a sweeper's claim on the look-up lasts; null when none holds it (migration 0097). */
  lookup_claimed_until?: number | null;
}

export interface PaymentTables {
  transactions: TransactionsTable;
  cancellations: CancellationsTable;
  late_approvals: LateApprovalsTable;
}
