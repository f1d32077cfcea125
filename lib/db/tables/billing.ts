/**
 * Billing keys and the schedules booked on them. A billing key keeps only what may be kept of a
 * card (masked number, BIN, brand, kinds) and the provider's token; never the number, CVC or
 * password. A schedule keeps the billing-key pay request it will replay when due.
 */
export type BillingKeyStatus = "ISSUED" | "DELETED" | "FAILED";
export type ScheduleStatus = "SCHEDULED" | "STARTED" | "COMPLETED" | "CANCELLED";

export interface BillingKeysTable {
  /** The public `billing_key` (billing-key-…). */
  id: string;
  merchant_id: string;
  store_id: string;
  channel_id: string;
  /** Channel as it was at issuance (wire shape). */
  channel: string;
  status: BillingKeyStatus;
  method: "CARD" | "MOBILE";
  customer_id: string | null;
  customer: string;
  origin: string;
  custom_data: string | null;
  issue_id: string | null;
  issue_name: string | null;
  /** Wire-shaped payment_method_detail (card detail with the masked number, or mobile carrier). */
  payment_method_detail: string;
  card_number: string | null;
  card_brand: string | null;
  pg_billing_key: string | null;
  failure_pg_code: string | null;
  failure_pg_message: string | null;
  requested_at: number;
  issued_at: number | null;
  deleted_at: number | null;
  created_at: number;
}

export interface SchedulesTable {
  id: string;
  merchant_id: string;
  store_id: string;
  billing_key: string;
  payment_id: string;
  status: ScheduleStatus;
  scheduled_at: number;
  started_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  order_name: string;
  currency: string;
  total_amount: number;
  tax_free_amount: number;
  is_cultural_expense: number;
  is_escrow: number;
  customer: string;
  origin: string;
  products: string | null;
  custom_data: string | null;
  notice_urls: string;
  installment_month: number | null;
  /** The billing-key pay body (JSON) the runner replays. */
  request: string;
  created_at: number;
  updated_at: number;
}

export interface BillingTables {
  billing_keys: BillingKeysTable;
  schedules: SchedulesTable;
}
