import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveStore } from "@/lib/tenancy/scope";
import type { WireCustomer } from "./api-schema";
import { customerSummaryRows, customerTransactions, latestContact } from "./repository";
import { serializeCustomer } from "./serialize";

/**
 * GET /v2/customers/{customer_id}: one customer of the caller's store with a summary of their
 * payments. A customer the store has no payment of (another store's, another merchant's, or
 * nobody's) is CUSTOMER_NOT_FOUND.
 */
export async function readCustomer({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { customer_id: string; store_id?: string };
}): Promise<{ customer: WireCustomer }> {
  const store = await resolveStore(ctx, input.store_id);
  const scope = { merchantId: ctx.merchantId, storeId: store.id, customerId: input.customer_id };
  const [summary, payments, contact] = await Promise.all([
    customerSummaryRows(scope),
    customerTransactions(scope),
    latestContact(scope),
  ]);
  if (summary.length === 0)
    throw new DomainError("CUSTOMER_NOT_FOUND", `no customer ${input.customer_id} in this store`);
  return { customer: serializeCustomer(input.customer_id, store.id, contact, summary, payments) };
}
