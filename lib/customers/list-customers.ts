import type { AuthContext } from "@/lib/auth/context";
import { planSearch } from "@/lib/search/repository/query";
import { resolveStore } from "@/lib/tenancy/scope";
import type { ListCustomersInput, WireCustomerListItem } from "./api-schema";
import { countStoreCustomers, latestContact, pageStoreCustomers } from "./repository";
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
 * from its payments' customer records, newest payment first. `q` finds a name, e-mail or phone
 * through the payment search index.
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
  const q = input.q ? customerSearchText(input.q) : "";
  const filter = q ? (await planSearch(q)).where : undefined;
  const [total, rows] = await Promise.all([
    countStoreCustomers(scope, filter),
    pageStoreCustomers(scope, filter, { offset: input.page * input.limit, limit: input.limit }),
  ]);
  const contacts = await Promise.all(rows.map((r) => latestContact({ ...scope, customerId: r.customerId })));
  return {
    current_page: input.page,
    total_page: Math.ceil(total / input.limit),
    total_count: total,
    customers: rows.map((r, i) => serializeCustomerListItem(store.id, r, contacts[i])),
  };
}
