import { sql, type SqlBool } from "kysely";
import { dialect, getDb } from "@/lib/db/client";
import { documentContains, trigramMatch } from "@/lib/search/repository/query";

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

/**
 * Customers of the user's stores whose id, name, e-mail or phone contains `q` (the search palette),
 * each with its store and contact, newest payment first.
 */
export function findStoreCustomers(merchantId: string, storeIds: string[], q: string, limit: number) {
  if (storeIds.length === 0 || !q) return Promise.resolve([]);
  return getDb()
    .selectFrom("store_customers")
    .select(["store_id", "customer_id", "customer_name", "customer_email", "customer_phone"])
    .where(merchantColumn(q), "=", merchantId)
    .where("store_id", "in", storeIds)
    .where(searchDocContains(q))
    .orderBy("last_at", "desc")
    .orderBy("customer_id")
    .limit(limit)
    .execute();
}

type StoreScope = { merchantId: string; storeId: string };

/**
 * Whether a customer's search document (migration 0185: id, contact, phone digits) contains `q`:
 * any part of a name (지호 in 김지호), an e-mail or a phone's digits; two characters match the start
 * or end of a word, as the payment search does (lib/search/repository/query.ts). SQLite: the
 * trigram table (migration 0187) picks the candidate customers, the pattern decides as on PostgreSQL
 * (the table folds case beyond ASCII, so it may offer more); a one-character query tests each row.
 */
function searchDocContains(q: string) {
  const contains = documentContains(q);
  const match = dialect() === "sqlite" ? trigramMatch(q) : null;
  return () => {
    const matches = contains(sql.ref<string>("store_customers.search_doc"));
    if (!match) return matches;
    return sql<SqlBool>`((store_customers.store_id, store_customers.customer_id) in (select k.store_id, k.customer_id
      from customer_search join customer_search_keys k on k.id = customer_search.rowid where customer_search match ${match}) and ${matches})`;
  };
}

/**
 * The merchant test of a store's customers. With the trigram table's candidates, written `+column`
 * so SQLite looks them up by primary key rather than walking the store's index (it has no
 * statistics to tell the candidates are few); a store's customers otherwise, the index serves it.
 */
function merchantColumn(q: string | undefined) {
  return q && dialect() === "sqlite" && trigramMatch(q)
    ? sql<string>`+store_customers.merchant_id`
    : sql.ref<string>("store_customers.merchant_id");
}

/** A store's customers (one row each, migration 0185), optionally narrowed by a search text. */
function storeCustomers(s: StoreScope, q: string | undefined) {
  const base = getDb()
    .selectFrom("store_customers")
    .where("store_id", "=", s.storeId)
    .where(merchantColumn(q), "=", s.merchantId);
  return q ? base.where(searchDocContains(q)) : base;
}

export function storeCustomerPageQuery(s: StoreScope, q: string | undefined, page: { offset: number; limit: number }) {
  return storeCustomers(s, q)
    .select(["customer_id", "customer_name", "customer_email", "customer_phone", "last_at", "attempts"])
    .orderBy("last_at", "desc")
    .orderBy("customer_id")
    .offset(page.offset)
    .limit(page.limit);
}

/** One page of a store's customers (newest payment first), each with its contact and attempt count. */
export async function pageStoreCustomers(
  s: StoreScope,
  q: string | undefined,
  page: { offset: number; limit: number },
) {
  const rows = await storeCustomerPageQuery(s, q, page).execute();
  return rows.map((r) => ({
    customerId: r.customer_id,
    lastAt: Number(r.last_at),
    n: Number(r.attempts),
    contact: { customer_name: r.customer_name, customer_email: r.customer_email, customer_phone: r.customer_phone },
  }));
}

export async function countStoreCustomers(s: StoreScope, q: string | undefined): Promise<number> {
  const row = await storeCustomers(s, q)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The newest name, e-mail and phone the customer's attempts carried (each may come from another attempt). */
export async function latestContact(s: CustomerScope) {
  const row = await getDb()
    .selectFrom("store_customers")
    .select(["customer_name", "customer_email", "customer_phone"])
    .where("store_id", "=", s.storeId)
    .where("merchant_id", "=", s.merchantId)
    .where("customer_id", "=", s.customerId)
    .executeTakeFirst();
  return row ?? { customer_name: null, customer_email: null, customer_phone: null };
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
