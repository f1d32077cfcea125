import type { AuthContext } from "@/lib/auth/context";
import { resolveStore } from "@/lib/tenancy/scope";
import type { ListCustomersInput, WireCustomerListItem } from "./api-schema";
import { countStoreCustomers, pageStoreCustomers } from "./repository";
import { customerSearchText } from "./search-text";
import { serializeCustomerListItem } from "./serialize";

export type CustomerPage = {
  current_page: number;
  total_page: number;
  total_count: number;
  customers: WireCustomerListItem[];
};

/**
 * GET /v2/customers (and the dashboard's customer search): the customers of the caller's store,
 * from its payments' customer records, newest payment first. `q` finds a customer id, name, e-mail
 * or phone in the store's customer roll-up (one row per customer, migration 0185), so a search reads
 * the store's customers, never its payments.
 */
export async function listCustomers({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: ListCustomersInput;
}): Promise<CustomerPage> {
  const store = await resolveStore(ctx, input.store_id);
  const scope = { merchantId: ctx.merchantId, storeId: store.id };
  const q = input.q ? customerSearchText(input.q) : undefined;
  const [total, rows] = await Promise.all([
    countStoreCustomers(scope, q),
    pageStoreCustomers(scope, q, { offset: input.page * input.limit, limit: input.limit }),
  ]);
  return {
    current_page: input.page,
    total_page: Math.ceil(total / input.limit),
    total_count: total,
    customers: rows.map((r) => serializeCustomerListItem(store.id, r, r.contact)),
  };
}
