import { toRfc3339 } from "@/lib/time";
import { splitVat } from "./amounts";
import { extrasOf } from "./read/repository/enrichers";
import type { CancellationRecord, DetailedTransactionRecord, PaymentRecord } from "./read/repository/payment-rows";
import type { TransactionRecord } from "./repository";

/** Records → the spec's Payment, Transaction and Cancellation. Records never leave lib/ in any other shape. */

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** The spec's Cancellation. */
export function serializeCancellation(row: CancellationRecord) {
  return strip({
    id: row.id,
    pg_cancellation_id: row.pg_cancellation_id ?? "",
    cancel_amount: row.cancel_amount,
    tax_free_amount: row.tax_free_amount,
    easy_pay_discount_amount: row.easy_pay_discount_amount ?? undefined,
    reason: row.reason,
    cancelled_at: toRfc3339(row.cancelled_at),
    requested_at: toRfc3339(row.requested_at),
    status: row.status,
  });
}

/** The spec's TransactionAmount; amounts reserved by in-flight cancellations are not yet "cancelled". */
export function serializeAmount(row: TransactionRecord, cancellations: CancellationRecord[]) {
  const pending = cancellations.filter((c) => c.status === "REQUESTED");
  const pendingAmount = pending.reduce((s, c) => s + c.cancel_amount, 0);
  const pendingTaxFree = pending.reduce((s, c) => s + c.tax_free_amount, 0);
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

/** The spec's Transaction. */
export function serializeTransaction(row: DetailedTransactionRecord) {
  const { cancellations } = row;
  const extras = extrasOf(row.enriched);
  return strip({
    id: row.id,
    is_primary: row.is_primary === 1,
    version: row.version,
    method: row.method ?? undefined,
    channel: row.channel ?? undefined,
    schedule_id: row.schedule_id ?? undefined,
    billing_key: row.billing_key ?? undefined,
    notifications: extras.notifications ?? [],
    status_updated_at: toRfc3339(row.status_updated_at),
    updated_at: toRfc3339(row.updated_at),
    order_name: row.order_name,
    status: row.status,
    amount: serializeAmount(row, cancellations),
    customer: row.customer,
    origin: row.origin,
    is_cultural_expense: row.is_cultural_expense === 1,
    is_escrow: row.is_escrow === 1,
    escrow_detail: row.escrow_detail ?? undefined,
    products: row.products ?? undefined,
    product_count: row.product_count ?? undefined,
    custom_data: row.custom_data ?? undefined,
    requested_at: toRfc3339(row.requested_at),
    promotion_id: row.promotion_id ?? undefined,
    failure:
      row.status === "FAILED" || row.failure_pg_code
        ? strip({
            reason: row.failure_reason ?? undefined,
            pg_code: row.failure_pg_code ?? undefined,
            pg_message: row.failure_pg_message ?? undefined,
          })
        : undefined,
    failed_at: toRfc3339(row.failed_at),
    country: row.country ?? undefined,
    paid_at: toRfc3339(row.paid_at),
    payment_method_detail: row.payment_method_detail ?? undefined,
    pg_tx_id: row.pg_tx_id ?? undefined,
    pg_response: row.pg_response ?? undefined,
    cash_receipt: extras.cash_receipt,
    cancellations: cancellations.map(serializeCancellation),
    cancelled_at: toRfc3339(row.cancelled_at),
  });
}

export type WireTransaction = ReturnType<typeof serializeTransaction>;
export type WirePayment = { id: string; merchant_id: string; store_id: string; transactions: WireTransaction[] };

/** The spec's Payment: every transaction made with its id, oldest first. */
export function serializePayment(payment: PaymentRecord): WirePayment {
  const { id, merchant_id, store_id } = payment;
  return { id, merchant_id, store_id, transactions: payment.transactions.map(serializeTransaction) };
}
