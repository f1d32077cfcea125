import type { Dialect } from "./client";

/**
 * Every index `transactions` may carry, with the query whose measured plan at 1M payments uses it
 * or the money rule it enforces. Each index is written by every payment's INSERT and by its
 * outcome's UPDATE (never HOT: the outcome changes indexed columns), so an index no plan uses is
 * pure cost on the write path. To add one: capture the query's plan at 1M payments on both
 * databases (`EXPLAIN` on a bench/scale.sh database, docs/benchmarks.md "Running"), add the index in a migration
 * and its entry here; lib/db/transactions-indexes.test.ts holds the live schema to this list.
 */
export type TransactionsIndex = {
  name: string;
  /** Databases that carry it (a plan may need it on one only: PostgreSQL's LIKE needs text_pattern_ops). */
  on: readonly Dialect[];
  /** The money rule it enforces (unique), or the queries whose plans use it. */
  serves: string;
};

const both = ["sqlite", "postgres"] as const;

export const TRANSACTIONS_INDEXES: readonly TransactionsIndex[] = [
  { name: "transactions_pkey", on: ["postgres"], serves: "rule: one row per transaction id; every look-up by id" },
  {
    name: "sqlite_autoindex_transactions_1",
    on: ["sqlite"],
    serves: "rule: one row per transaction id; every look-up by id, TX_ID prefix search (GLOB)",
  },
  {
    name: "transactions_one_primary_idx",
    on: both,
    serves: "rule: one primary attempt per payment (unique; payment-led: the primary-slot look-up)",
  },
  {
    name: "transactions_schedule_uq",
    on: both,
    serves: "rule: one attempt per schedule (unique); the schedule's attempt",
  },
  {
    name: "transactions_payment_idx",
    on: both,
    serves: "a payment's attempts: the payment read, cancel, the scroll's newer-attempt check",
  },
  {
    name: "transactions_search_payment_id_idx",
    on: both,
    serves: "look-ups by merchant and payment id (attempt by Idempotency-Key, the payment read); PAYMENT_ID search",
  },
  {
    name: "transactions_merchant_status_time_idx",
    on: both,
    serves: "the list and its count by status time (the default)",
  },
  { name: "transactions_merchant_requested_idx", on: both, serves: "the list and its count by requested time" },
  { name: "transactions_store_status_time_idx", on: both, serves: "a store's list by status time" },
  {
    name: "transactions_store_requested_idx",
    on: both,
    serves: "a store's list by requested time; reconciliation's window of a store",
  },
  { name: "transactions_list_status_idx", on: both, serves: "status filter, by status time" },
  { name: "transactions_list_status_requested_idx", on: both, serves: "status filter, by requested time" },
  { name: "transactions_list_method_idx", on: both, serves: "method filter" },
  { name: "transactions_list_pg_provider_idx", on: both, serves: "pg_provider filter" },
  { name: "transactions_list_channel_type_idx", on: both, serves: "is_test_payment filter" },
  { name: "transactions_list_scheduled_idx", on: both, serves: "is_scheduled_payment filter, by status time" },
  {
    name: "transactions_list_scheduled_requested_idx",
    on: ["postgres"],
    serves: "is_scheduled_payment filter, by requested time (SQLite's planner uses the requested-time indexes)",
  },
  {
    name: "transactions_scroll_merchant_idx",
    on: both,
    serves: "GET /v2/payments/scroll (the merchant's and a store's)",
  },
  {
    name: "transactions_search_id_idx",
    on: ["postgres"],
    serves: "TX_ID prefix search (LIKE needs text_pattern_ops; SQLite's GLOB uses the primary key)",
  },
  { name: "transactions_search_schedule_id_idx", on: both, serves: "SCHEDULE_ID prefix search" },
  {
    name: "transactions_search_billing_key_idx",
    on: both,
    serves: "BILLING_KEY prefix search; a billing key's attempts (dashboard)",
  },
  { name: "transactions_search_order_name_idx", on: both, serves: "ORDER_NAME prefix search" },
  { name: "transactions_search_customer_name_idx", on: both, serves: "CUSTOMER_NAME prefix search" },
  { name: "transactions_search_customer_email_idx", on: both, serves: "CUSTOMER_EMAIL prefix search" },
  { name: "transactions_search_customer_phone_idx", on: both, serves: "CUSTOMER_PHONE_NUMBER prefix search" },
  { name: "transactions_search_pg_tx_id_idx", on: both, serves: "PG_TX_ID prefix search" },
  { name: "transactions_search_card_number_idx", on: both, serves: "CARD_NUMBER prefix search" },
  { name: "transactions_search_card_approval_number_idx", on: both, serves: "CARD_APPROVAL_NUMBER prefix search" },
  { name: "transactions_search_virtual_account_number_idx", on: both, serves: "VIRTUAL_ACCOUNT_NUMBER prefix search" },
  { name: "transactions_search_failure_reason_idx", on: both, serves: "FAIL_REASON prefix search" },
  {
    name: "transactions_search_doc_trgm_idx",
    on: ["postgres"],
    serves: "the dashboard's search (trigram over the stored search_doc column, 0095; SQLite: the FTS5 table)",
  },
  { name: "transactions_overview_paid_idx", on: both, serves: "overview: paid volume and counts of a period" },
  { name: "transactions_overview_failed_idx", on: both, serves: "overview: failures of a period" },
  {
    name: "transactions_status_updated_idx",
    on: both,
    serves: "/metrics' unsettled counts across tenants; reconciliation's waiting attempts",
  },
  { name: "transactions_unsettled_idx", on: both, serves: "the sweep of PENDING attempts due for a look-up" },
];

/** The index names `transactions` carries on this database. */
export function transactionsIndexNames(on: Dialect): string[] {
  return TRANSACTIONS_INDEXES.filter((i) => i.on.includes(on))
    .map((i) => i.name)
    .sort();
}
