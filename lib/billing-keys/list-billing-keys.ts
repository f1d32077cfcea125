import type { AuthContext } from "@/lib/auth/context";
import { resolveStore } from "@/lib/tenancy/scope";
import { listKeysById, pageKeys } from "./repository";
import type { ListBillingKeysInput } from "./schema";
import { serializeBillingKey } from "./serialize";

/**
 * GET /v2/billing-keys: the named keys (`billing_key` array, unknown ones left out), or else the
 * store's keys newest first, paged (CONTRACT §4 ext).
 */
export async function listBillingKeys({ ctx, input }: { ctx: AuthContext; input: ListBillingKeysInput }) {
  const store = await resolveStore(ctx, input.store_id);
  if (input.billing_key && input.billing_key.length > 0) {
    const wanted = [...new Set(input.billing_key)];
    const byId = new Map((await listKeysById(ctx.merchantId, store.id, wanted)).map((k) => [k.id, k]));
    return { billing_keys: wanted.flatMap((id) => (byId.has(id) ? [serializeBillingKey(byId.get(id)!)] : [])) };
  }
  const page = input.page ?? 0;
  const limit = input.limit ?? 10;
  const { total, keys } = await pageKeys(
    ctx.merchantId,
    store.id,
    { customerId: input.customer_id, statuses: input.status },
    { offset: page * limit, limit },
  );
  return {
    billing_keys: keys.map(serializeBillingKey),
    current_page: page,
    total_page: Math.ceil(total / limit),
    total_count: total,
  };
}
