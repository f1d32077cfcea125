import type { DashboardContext } from "@/lib/dashboard/context";
import { findKeysByIdPrefix } from "@/lib/billing-keys/repository";
import { findStoreCustomers } from "@/lib/customers/repository";
import { customerSearchText } from "@/lib/customers/search-text";
import { findSchedulesByText } from "@/lib/schedules/repository";
import { listDashboardPayments } from "./search-payments";

export type PaletteResults = {
  payments: {
    id: string;
    storeId: string;
    orderName: string;
    status: string;
    amount: number;
    currency: string;
    customer: string | null;
  }[];
  billingKeys: { id: string; storeId: string; status: string; customerId: string | null }[];
  schedules: { id: string; storeId: string; paymentId: string; status: string; billingKey: string }[];
  customers: { id: string; storeId: string; name: string | null; email: string | null; phone: string | null }[];
};

/**
 * ⌘K: what a query names across the stores this user sees. Payments through the full-text index;
 * billing keys and schedules by id prefix (or the schedule's payment id), each on an indexed column;
 * customers by any part of their id, name, e-mail or phone in the stores' customer roll-up.
 */
export async function searchPalette({
  ctx,
  input,
}: {
  ctx: DashboardContext;
  input: { q: string };
}): Promise<PaletteResults> {
  const storeIds = ctx.stores.map((s) => s.id);
  const [page, keys, schedules, customers] = await Promise.all([
    listDashboardPayments({
      ctx,
      input: {
        q: input.q,
        scope: "all",
        page: 0,
        limit: 6,
        timestamp_type: "STATUS_UPDATED_AT",
        sort_order: "DESCENDING",
      },
    }),
    findKeysByIdPrefix(ctx.merchantId, storeIds, input.q, 4),
    findSchedulesByText(ctx.merchantId, storeIds, input.q, 4),
    findStoreCustomers(ctx.merchantId, storeIds, customerSearchText(input.q), 4),
  ]);
  return {
    payments: page.payments.map((p) => {
      const tx = p.transactions.find((t) => t.is_primary) ?? p.transactions.at(-1)!;
      const customer = tx.customer as { name?: { full?: string } | string } | undefined;
      return {
        id: p.id,
        storeId: p.store_id,
        orderName: tx.order_name,
        status: tx.status,
        amount: tx.amount.total,
        currency: tx.amount.currency,
        customer: typeof customer?.name === "string" ? customer.name : (customer?.name?.full ?? null),
      };
    }),
    billingKeys: keys.map((k) => ({ id: k.id, storeId: k.store_id, status: k.status, customerId: k.customer_id })),
    schedules: schedules.map((s) => ({
      id: s.id,
      storeId: s.store_id,
      paymentId: s.payment_id,
      status: s.status,
      billingKey: s.billing_key,
    })),
    customers: customers.map((c) => ({
      id: c.customer_id,
      storeId: c.store_id,
      name: c.customer_name,
      email: c.customer_email,
      phone: c.customer_phone,
    })),
  };
}
