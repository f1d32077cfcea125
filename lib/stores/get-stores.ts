import type { AuthContext } from "@/lib/auth/context";
import { listSubStoreRows, loadSubStore } from "./repository";
import { serializeStore } from "./serialize";
import { requireHostingContract } from "@/lib/tenancy/hosting";

/**
 * GET /v2/stores: the merchant's sub-stores. The merchant's default store is its own store, not a
 * sub-store (it has no representative or business license), so it is not listed.
 */
export async function listStores({ ctx }: { ctx: AuthContext }) {
  requireHostingContract(ctx);
  return { stores: (await listSubStoreRows(ctx)).map(serializeStore) };
}

/** GET /v2/stores/{store-id}. */
export async function getStore({ ctx, input }: { ctx: AuthContext; input: { store_id: string } }) {
  requireHostingContract(ctx);
  return serializeStore(await loadSubStore(ctx, input.store_id));
}
