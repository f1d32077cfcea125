import type { WireCustomer, WireCustomerListItem } from "./api-schema";
import type { customerSummaryRows, customerTransactions, latestContact } from "./repository";

type Contact = NonNullable<Awaited<ReturnType<typeof latestContact>>>;
const iso = (ms: number) => new Date(ms).toISOString();

function contactOf(id: string, storeId: string, c: Contact | undefined) {
  return {
    id,
    store_id: storeId,
    ...(c?.customer_name ? { name: c.customer_name } : {}),
    ...(c?.customer_email ? { email: c.customer_email } : {}),
    ...(c?.customer_phone ? { phone_number: c.customer_phone } : {}),
  };
}

export function serializeCustomerListItem(
  storeId: string,
  row: { customerId: string; lastAt: number; n: number },
  contact: Contact | undefined,
): WireCustomerListItem {
  return { ...contactOf(row.customerId, storeId, contact), payment_count: row.n, last_payment_at: iso(row.lastAt) };
}

export function serializeCustomer(
  id: string,
  storeId: string,
  contact: Contact | undefined,
  summary: Awaited<ReturnType<typeof customerSummaryRows>>,
  payments: Awaited<ReturnType<typeof customerTransactions>>,
): WireCustomer {
  const total = (pick: (r: (typeof summary)[number]) => number) => summary.reduce((n, r) => n + pick(r), 0);
  return {
    ...contactOf(id, storeId, contact),
    summary: {
      payment_count: total((r) => r.n),
      paid_count: total((r) => r.paid),
      failed_count: total((r) => r.failed),
      paid_amounts: summary.map((r) => ({ currency: r.currency, amount: r.paidAmount })),
      cancelled_amounts: summary.map((r) => ({ currency: r.currency, amount: r.cancelledAmount })),
      first_payment_at: iso(Math.min(...summary.map((r) => r.firstAt))),
      last_payment_at: iso(Math.max(...summary.map((r) => r.lastAt))),
    },
    recent_payments: payments.map((p) => ({
      payment_id: p.payment_id,
      transaction_id: p.id,
      status: p.status,
      ...(p.method ? { method: p.method } : {}),
      order_name: p.order_name,
      currency: p.currency,
      total_amount: p.total_amount,
      cancelled_amount: p.cancelled_amount,
      requested_at: iso(p.requested_at),
    })),
  };
}
