/**
 * One row per customer per store (migration 0185), kept by triggers on `transactions`: the newest
 * non-empty contact the customer's attempts carried, their newest attempt and how many there are.
 * `search_doc` (generated: id, contact and phone digits, lowercased) is read by the search only.
 */
export interface StoreCustomersTable {
  merchant_id: string;
  store_id: string;
  customer_id: string;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  /** Epoch ms of the customer's newest attempt (`requested_at`). */
  last_at: number;
  attempts: number;
}

export interface CustomerTables {
  store_customers: StoreCustomersTable;
}
