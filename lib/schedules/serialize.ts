import type { ScheduleRecord } from "./repository";
import { toRfc3339 } from "@/lib/time";

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/** The spec's Schedule. */
export function serializeSchedule(row: ScheduleRecord) {
  return strip({
    id: row.id,
    merchant_id: row.merchant_id,
    store_id: row.store_id,
    billing_key: row.billing_key,
    payment_id: row.payment_id,
    status: row.status,
    scheduled_at: toRfc3339(row.scheduled_at),
    started_at: toRfc3339(row.started_at),
    completed_at: toRfc3339(row.completed_at),
    cancelled_at: toRfc3339(row.cancelled_at),
    order_name: row.order_name,
    is_cultural_expense: row.is_cultural_expense === 1,
    is_escrow: row.is_escrow === 1,
    products: row.products ?? undefined,
    customer: row.customer,
    custom_data: row.custom_data ?? undefined,
    total_amount: row.total_amount,
    tax_free_amount: row.tax_free_amount,
    currency: row.currency,
    origin: row.origin,
    notice_urls: row.notice_urls,
    installment_month: row.installment_month ?? undefined,
  });
}

export type WireSchedule = ReturnType<typeof serializeSchedule>;
