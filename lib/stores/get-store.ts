import type { AuthContext } from "@/lib/auth/context";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { loadSubStore } from "./repository";
import { serializeStore } from "./serialize";

/** GET /v2/stores/{store-id}. */
export async function getStore({ ctx, input }: { ctx: AuthContext; input: { store_id: string } }) {
  requireHostingContract(ctx);
  return serializeStore(await loadSubStore(ctx, input.store_id));
}
