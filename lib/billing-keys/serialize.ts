import type { BillingKeyRecord } from "./repository";
import { toRfc3339 } from "@/lib/time";

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** The spec's BillingKey plus CONTRACT §4's `status` and `deleted_at`. */
export function serializeBillingKey(row: BillingKeyRecord) {
  return strip({
    billing_key: row.id,
    merchant_id: row.merchant_id,
    store_id: row.store_id,
    channel: row.channel,
    origin: row.origin,
    customer: row.customer,
    issued_at: row.status === "ISSUED" || row.status === "DELETED" ? toRfc3339(row.issued_at) : undefined,
    custom_data: row.custom_data ?? undefined,
    issue_id: row.issue_id ?? undefined,
    issue_name: row.issue_name ?? undefined,
    payment_method_detail: row.payment_method_detail,
    status: row.status,
    deleted_at: toRfc3339(row.deleted_at),
  });
}

export type WireBillingKey = ReturnType<typeof serializeBillingKey>;
