import { toRfc3339 } from "@/lib/time";
import { splitVat } from "./amounts";
import { extrasOf } from "./read/repository/enrichers";
import {
  cancellationsOf,
  type CancellationRecord,
  type DetailedTransactionRow,
  type PaymentRecord,
} from "./read/repository/payment-rows";
import { storedDocument, storedDocumentList, type StoredDocument, type TransactionRow } from "./repository";

/**
 * Rows → the spec's Payment, Transaction and Cancellation. Rows never leave lib/ in any other shape.
 * Each wire object is built in one pass, member by member in the spec's order, leaving out members
 * whose value is null or undefined: the read path's serialization runs on every GET and every page
 * of a list, so no intermediate record or filtered copy is made per row.
 */

export type WireCancellation = {
  id: string;
  pg_cancellation_id: string;
  cancel_amount: number;
  tax_free_amount: number;
  easy_pay_discount_amount?: number;
  reason: string;
  cancelled_at?: string;
  requested_at: string;
  status: CancellationRecord["status"];
};

export type WireAmount = {
  currency: string;
  total: number;
  tax_free: number;
  vat: number;
  supply: number;
  discount: number;
  paid: number;
  cancelled: number;
  cancelled_tax_free: number;
};

export type WireTransaction = {
  id: string;
  is_primary: boolean;
  version: TransactionRow["version"];
  method?: string;
  channel?: StoredDocument;
  schedule_id?: string;
  billing_key?: string;
  notifications: unknown[];
  status_updated_at: string;
  updated_at: string;
  order_name: string;
  status: TransactionRow["status"];
  amount: WireAmount;
  customer: StoredDocument;
  origin: StoredDocument;
  is_cultural_expense: boolean;
  is_escrow: boolean;
  escrow_detail?: StoredDocument;
  products?: StoredDocument[];
  product_count?: number;
  custom_data?: string;
  requested_at: string;
  promotion_id?: string;
  failure?: { reason?: string; pg_code?: string; pg_message?: string };
  failed_at?: string;
  country?: string;
  paid_at?: string;
  payment_method_detail?: StoredDocument;
  pg_tx_id?: string;
  pg_response?: string;
  cash_receipt?: unknown;
  cancellations: WireCancellation[];
  cancelled_at?: string;
};

export type WirePayment = { id: string; merchant_id: string; store_id: string; transactions: WireTransaction[] };

/** Sets `key` unless the value is null or undefined (the wire leaves such members out). */
function put<T, K extends keyof T>(out: T, key: K, value: T[K] | null | undefined): void {
  if (value !== undefined && value !== null) out[key] = value;
}

/** The spec's Cancellation. */
function serializeCancellation(row: CancellationRecord): WireCancellation {
  const out = {} as WireCancellation;
  out.id = row.id;
  out.pg_cancellation_id = row.pg_cancellation_id ?? "";
  out.cancel_amount = row.cancel_amount;
  out.tax_free_amount = row.tax_free_amount;
  put(out, "easy_pay_discount_amount", row.easy_pay_discount_amount);
  out.reason = row.reason;
  put(out, "cancelled_at", toRfc3339(row.cancelled_at));
  put(out, "requested_at", toRfc3339(row.requested_at));
  out.status = row.status;
  return out;
}

/** The spec's TransactionAmount; amounts reserved by in-flight cancellations are not yet "cancelled". */
function serializeAmount(row: DetailedTransactionRow, cancellations: CancellationRecord[]): WireAmount {
  let pendingAmount = 0;
  let pendingTaxFree = 0;
  for (const c of cancellations) {
    if (c.status !== "REQUESTED") continue;
    pendingAmount += c.cancel_amount;
    pendingTaxFree += c.tax_free_amount;
  }
  const { vat, supply } = splitVat(row.total_amount - row.tax_free_amount, row.vat_amount);
  return {
    currency: row.currency,
    total: row.total_amount,
    tax_free: row.tax_free_amount,
    vat,
    supply,
    discount: row.discount_amount,
    paid: row.paid_amount,
    cancelled: row.cancelled_amount - pendingAmount,
    cancelled_tax_free: row.cancelled_tax_free_amount - pendingTaxFree,
  };
}

function serializeFailure(row: DetailedTransactionRow): NonNullable<WireTransaction["failure"]> {
  const out: NonNullable<WireTransaction["failure"]> = {};
  put(out, "reason", row.failure_reason);
  put(out, "pg_code", row.failure_pg_code);
  put(out, "pg_message", row.failure_pg_message);
  return out;
}

/** The spec's Transaction. */
export function serializeTransaction(row: DetailedTransactionRow): WireTransaction {
  const cancellations = cancellationsOf(row);
  const extras = extrasOf(row);
  const id = row.id;
  const out = {} as WireTransaction;
  out.id = id;
  out.is_primary = row.is_primary === 1;
  put(out, "version", row.version);
  put(out, "method", row.method);
  put(out, "channel", row.channel === null ? null : storedDocument(row.channel, "channel", id));
  put(out, "schedule_id", row.schedule_id);
  put(out, "billing_key", row.billing_key);
  out.notifications = extras.notifications ?? [];
  put(out, "status_updated_at", toRfc3339(row.status_updated_at));
  put(out, "updated_at", toRfc3339(row.updated_at));
  put(out, "order_name", row.order_name);
  put(out, "status", row.status);
  out.amount = serializeAmount(row, cancellations);
  out.customer = storedDocument(row.customer, "customer", id);
  out.origin = storedDocument(row.origin, "origin", id);
  out.is_cultural_expense = row.is_cultural_expense === 1;
  out.is_escrow = row.is_escrow === 1;
  put(out, "escrow_detail", row.escrow_detail === null ? null : storedDocument(row.escrow_detail, "escrow_detail", id));
  put(out, "products", row.products === null ? null : storedDocumentList(row.products, "products", id));
  put(out, "product_count", row.product_count);
  put(out, "custom_data", row.custom_data);
  put(out, "requested_at", toRfc3339(row.requested_at));
  put(out, "promotion_id", row.promotion_id);
  if (row.status === "FAILED" || row.failure_pg_code) out.failure = serializeFailure(row);
  put(out, "failed_at", toRfc3339(row.failed_at));
  put(out, "country", row.country);
  put(out, "paid_at", toRfc3339(row.paid_at));
  put(
    out,
    "payment_method_detail",
    row.payment_method_detail === null ? null : storedDocument(row.payment_method_detail, "payment_method_detail", id),
  );
  put(out, "pg_tx_id", row.pg_tx_id);
  put(out, "pg_response", row.pg_response);
  put(out, "cash_receipt", extras.cash_receipt);
  out.cancellations = cancellations.map(serializeCancellation);
  put(out, "cancelled_at", toRfc3339(row.cancelled_at));
  return out;
}

/** The spec's Payment: every transaction made with its id, oldest first. */
export function serializePayment(payment: PaymentRecord): WirePayment {
  const { id, merchant_id, store_id } = payment;
  return { id, merchant_id, store_id, transactions: payment.transactions.map(serializeTransaction) };
}
