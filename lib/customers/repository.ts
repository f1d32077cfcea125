import { getDb } from "@/lib/db/client";
import { prefixMatch } from "@/lib/db/prefix-match";

/** One store's records of one customer; every query is scoped by merchant and store. */
export type CustomerScope = { merchantId: string; storeId: string; customerId: string };

const LIMIT = 100;

/** The customer's payment attempts, newest first (transactions_store_customer_idx, migration 0135). */
export function customerTransactions(s: CustomerScope) {
  return customerTransactionsQuery(s).execute();
}

export function customerTransactionsQuery(s: CustomerScope) {
  return getDb()
    .selectFrom("transactions")
    .select([
      "id",
      "payment_id",
      "status",
      "method",
      "order_name",
      "currency",
      "total_amount",
      "cancelled_amount",
      "requested_at",
      "customer_name",
      "customer_email",
      "customer_phone",
    ])
    .where("store_id", "=", s.storeId)
    .where("merchant_id", "=", s.merchantId)
    .where("customer_id", "=", s.customerId)
    .orderBy("requested_at", "desc")
    .limit(LIMIT);
}

/** Refunds of the given attempts (the customer's), newest first. */
export function refundsOf(s: CustomerScope, transactionIds: string[]) {
  if (transactionIds.length === 0) return Promise.resolve([]);
  return getDb()
    .selectFrom("cancellations")
    .select(["id", "payment_id", "status", "cancel_amount", "reason", "requested_at", "cancelled_at"])
    .where("store_id", "=", s.storeId)
    .where("merchant_id", "=", s.merchantId)
    .where("transaction_id", "in", transactionIds)
    .orderBy("requested_at", "desc")
    .limit(LIMIT)
    .execute();
}

export function customerBillingKeys(s: CustomerScope) {
  return getDb()
    .selectFrom("billing_keys")
    .select(["id", "status", "method", "card_number", "card_brand", "issued_at", "requested_at"])
    .where("store_id", "=", s.storeId)
    .where("merchant_id", "=", s.merchantId)
    .where("customer_id", "=", s.customerId)
    .orderBy("requested_at", "desc")
    .limit(LIMIT)
    .execute();
}

/** Schedules booked on the customer's billing keys. */
export function schedulesOnKeys(s: CustomerScope, billingKeys: string[]) {
  if (billingKeys.length === 0) return Promise.resolve([]);
  return getDb()
    .selectFrom("schedules")
    .select(["id", "payment_id", "billing_key", "status", "order_name", "currency", "total_amount", "scheduled_at"])
    .where("store_id", "=", s.storeId)
    .where("merchant_id", "=", s.merchantId)
    .where("billing_key", "in", billingKeys)
    .orderBy("scheduled_at", "desc")
    .limit(LIMIT)
    .execute();
}

/** Cash receipts issued for the customer's payments. */
export function receiptsOfPayments(s: CustomerScope, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return getDb()
    .selectFrom("cash_receipts")
    .select(["id", "payment_id", "status", "type", "currency", "amount", "issued_at", "receipt_token"])
    .where("store_id", "=", s.storeId)
    .where("merchant_id", "=", s.merchantId)
    .where("payment_id", "in", paymentIds)
    .orderBy("issued_at", "desc")
    .limit(LIMIT)
    .execute();
}

/** Customer ids of the user's stores starting with `prefix` (the search palette), each with its store. */
export function findCustomersByIdPrefix(merchantId: string, storeIds: string[], prefix: string, limit: number) {
  if (storeIds.length === 0 || !prefix) return Promise.resolve([]);
  return getDb()
    .selectFrom("transactions")
    .select(["store_id", "customer_id"])
    .distinct()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "in", storeIds)
    .where(prefixMatch("customer_id", prefix))
    .limit(limit)
    .execute();
}
