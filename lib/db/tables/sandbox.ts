/**
 * The sandbox provider's own ledger, as a real PG keeps one on its side: every payment, virtual
 * account, billing key and cancellation it processed. Read and written by lib/providers/sandbox
 * only — domain code learns about it through the adapter interface (look-ups, settlement file).
 */
export type SandboxPaymentStatus = "APPROVED" | "DECLINED" | "VIRTUAL_ACCOUNT_ISSUED" | "DEPOSITED" | "VOIDED";

export interface SandboxPgPaymentsTable {
  pg_tx_id: string;
  /** The merchant's order id: our transaction id, the idempotency key. */
  order_id: string;
  pg_merchant_id: string;
  method: "CARD" | "BILLING_KEY" | "VIRTUAL_ACCOUNT";
  status: SandboxPaymentStatus;
  amount: number;
  /** The tax-free part and the VAT the merchant sent (null: not sent, the PG works it out). */
  tax_free_amount: number;
  vat_amount: number | null;
  cancelled_amount: number;
  currency: string;
  pg_billing_key: string | null;
  /** Card facts as the provider reports them (masked number, brand): never the number. */
  card: string | null;
  approval_number: string | null;
  bank: string | null;
  account_number: string | null;
  account_type: string | null;
  remittee_name: string | null;
  expires_at: number | null;
  /** Sandbox behaviour bound to this payment (e.g. CANCEL_REFUSED). */
  behaviour: string | null;
  decline_code: string | null;
  decline_message: string | null;
  received_at: number;
  /** Until then the provider is still processing: look-ups answer IN_PROGRESS. */
  completes_at: number;
  updated_at: number;
}

export interface SandboxPgCancellationsTable {
  pg_cancellation_id: string;
  /** Our cancellation id: the idempotency key. */
  cancel_id: string;
  pg_tx_id: string;
  order_id: string;
  pg_merchant_id: string;
  status: "SUCCEEDED" | "REFUSED";
  amount: number;
  tax_free_amount: number;
  vat_amount: number | null;
  currency: string;
  refusal_code: string | null;
  refusal_message: string | null;
  received_at: number;
  completes_at: number;
}

export interface SandboxPgBillingKeysTable {
  pg_billing_key: string;
  /** Our billing key id: the idempotency key. */
  issue_id: string;
  pg_merchant_id: string;
  status: "ISSUED" | "DELETED";
  card: string | null;
  carrier: string | null;
  behaviour: string | null;
  issued_at: number;
  deleted_at: number | null;
}

export interface SandboxTables {
  sandbox_pg_payments: SandboxPgPaymentsTable;
  sandbox_pg_cancellations: SandboxPgCancellationsTable;
  sandbox_pg_billing_keys: SandboxPgBillingKeysTable;
}
