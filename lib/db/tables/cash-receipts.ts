/**
 * Cash receipts: every issuance is a row; a payment has at most one ISSUED receipt (partial unique
 * index), and a cancelled one may be issued again, so the newest row is the payment's receipt.
 */
export type CashReceiptStatus = "ISSUED" | "CANCELLED";

export interface CashReceiptsTable {
  id: string;
  merchant_id: string;
  store_id: string;
  payment_id: string;
  /** Our payment's primary transaction at issue time; null for a sale made elsewhere. */
  transaction_id: string | null;
  is_manual: number;
  channel_id: string;
  channel_type: "LIVE" | "TEST";
  /** Channel at issue time (wire shape). */
  channel: string;
  type: "PERSONAL" | "CORPORATE" | "ANONYMOUS";
  status: CashReceiptStatus;
  order_name: string;
  currency: string;
  amount: number;
  tax_free_amount: number;
  product_type: string | null;
  /** Phone or business number, masked: only the last 4 digits are kept. */
  customer_identifier: string;
  customer_name: string | null;
  customer_email: string | null;
  pg_receipt_id: string;
  pg_tx_id: string;
  issue_number: string;
  /** Unguessable id of the public receipt page. */
  receipt_token: string;
  issued_at: number;
  cancelled_at: number | null;
  cancelled_amount: number | null;
  updated_at: number;
}

export interface CashReceiptTables {
  cash_receipts: CashReceiptsTable;
}
