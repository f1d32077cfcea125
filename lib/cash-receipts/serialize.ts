import { publicUrl } from "@/lib/public-url";
import { toRfc3339 } from "@/lib/time";
import type { CashReceiptDetailRow, CashReceiptRecord } from "./repository";

/** The public receipt page: absolute, so it works in an e-mail or a client's own UI. */
export function receiptUrl(token: string): string {
  return publicUrl(`/receipts/${token}`);
}

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

export type { CashReceiptDetailRow } from "./repository";

/** The spec's CashReceiptDetail (also a Transaction's `cash_receipt`). */
export function serializeCashReceiptDetail(row: CashReceiptDetailRow) {
  return strip({
    pg_receipt_id: row.pg_receipt_id,
    issue_number: row.issue_number,
    type: row.type,
    amount: row.amount,
    tax_free_amount: row.tax_free_amount,
    status: row.status,
    issued_at: toRfc3339(row.issued_at),
    cancelled_at: row.status === "CANCELLED" ? toRfc3339(row.cancelled_at) : undefined,
    receipt_url: receiptUrl(row.receipt_token),
  });
}

/** GET /v2/payments/{payment_id}/cash-receipt's `receipt`. */
export function serializeCashReceipt(row: CashReceiptRecord) {
  return {
    ...serializeCashReceiptDetail(row),
    merchant_id: row.merchant_id,
    store_id: row.store_id,
    payment_id: row.payment_id,
    order_name: row.order_name,
    is_manual: row.is_manual === 1,
    currency: row.currency,
    channel: row.channel,
  };
}
export type WireCashReceipt = ReturnType<typeof serializeCashReceipt>;

/** A dashboard row: the wire receipt plus the masked identifier and the page path. */
export function serializeCashReceiptListItem(row: CashReceiptRecord) {
  return {
    ...serializeCashReceipt(row),
    id: row.id,
    customer_identifier: row.customer_identifier,
    receipt_path: `/receipts/${row.receipt_token}`,
  };
}
export type CashReceiptListItem = ReturnType<typeof serializeCashReceiptListItem>;
