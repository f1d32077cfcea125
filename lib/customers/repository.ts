import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { getDb } from "@/lib/db/client";
import type { DB } from "@/lib/db/schema";
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
      "paid_amount",
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

type StoreScope = { merchantId: string; storeId: string };
type Filter = (eb: ExpressionBuilder<DB, "transactions">) => Expression<SqlBool>;

/** A store's payment attempts that name a customer, optionally narrowed by a search filter. */
function customerAttempts(s: StoreScope, filter?: Filter) {
  const base = getDb()
    .selectFrom("transactions")
    .where("store_id", "=", s.storeId)
    .where("merchant_id", "=", s.merchantId)
    .where("customer_id", "is not", null);
  return filter ? base.where(filter) : base;
}

/** One page of a store's customers (newest payment first), each with its attempt count. */
export async function pageStoreCustomers(
  s: StoreScope,
  filter: Filter | undefined,
  page: { offset: number; limit: number },
) {
  const rows = await customerAttempts(s, filter)
    .select((eb) => ["customer_id", eb.fn.max("requested_at").as("last_at"), eb.fn.countAll().as("n")])
    .groupBy("customer_id")
    .orderBy("last_at", "desc")
    .orderBy("customer_id")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({ customerId: r.customer_id as string, lastAt: Number(r.last_at), n: Number(r.n) }));
}

export async function countStoreCustomers(s: StoreScope, filter: Filter | undefined): Promise<number> {
  const row = await customerAttempts(s, filter)
    .select((eb) => eb.fn.count("customer_id").distinct().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The newest name, e-mail and phone the customer's attempts carried (each may come from another
 * attempt: a retry may have sent none), from the newest 20 (transactions_store_customer_idx).
 */
export async function latestContact(s: CustomerScope) {
  const rows = await getDb()
    .selectFrom("transactions")
    .select(["customer_name", "customer_email", "customer_phone"])
    .where("store_id", "=", s.storeId)
    .where("merchant_id", "=", s.merchantId)
    .where("customer_id", "=", s.customerId)
    .orderBy("requested_at", "desc")
    .limit(20)
    .execute();
  const newest = (pick: (r: (typeof rows)[number]) => string | null) => rows.map(pick).find(Boolean) ?? null;
  return {
    customer_name: newest((r) => r.customer_name),
    customer_email: newest((r) => r.customer_email),
    customer_phone: newest((r) => r.customer_phone),
  };
}

/** Per currency: the customer's attempts, how many were paid or failed, paid and refunded sums, first and last time. */
export async function customerSummaryRows(s: CustomerScope) {
  const rows = await getDb()
    .selectFrom("transactions")
    .select((eb) => [
      "currency",
      eb.fn.countAll().as("n"),
      eb.fn.sum(eb.case().when("paid_at", "is not", null).then(1).else(0).end()).as("paid"),
      eb.fn.sum(eb.case().when("status", "=", "FAILED").then(1).else(0).end()).as("failed"),
      eb.fn.sum("paid_amount").as("paid_amount"),
      eb.fn.sum("cancelled_amount").as("cancelled_amount"),
      eb.fn.min("requested_at").as("first_at"),
      eb.fn.max("requested_at").as("last_at"),
    ])
    .where("store_id", "=", s.storeId)
    .where("merchant_id", "=", s.merchantId)
    .where("customer_id", "=", s.customerId)
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  return rows.map((r) => ({
    currency: r.currency,
    n: Number(r.n),
    paid: Number(r.paid),
    failed: Number(r.failed),
    paidAmount: Number(r.paid_amount),
    cancelledAmount: Number(r.cancelled_amount),
    firstAt: Number(r.first_at),
    lastAt: Number(r.last_at),
  }));
}
