import type { AuthContext } from "@/lib/auth/context";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { listSubStores } from "./repository";
import { serializeStore } from "./serialize";

/**
 * GET /v2/stores: the merchant's sub-stores. The merchant's default store is its own store, not a
 * sub-store (it has no representative or business license), so it is not listed.
 */
export async function listStores({ ctx }: { ctx: AuthContext; input?: Record<string, never> }) {
  requireHostingContract(ctx);
  return { stores: (await listSubStores(ctx)).map(serializeStore) };
}
