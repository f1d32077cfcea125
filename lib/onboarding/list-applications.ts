import type { AuthContext } from "@/lib/auth/context";
import { loadSubStore } from "@/lib/stores/repository";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { listStoreApplications } from "./repository";
import { serializeApplication } from "./serialize";

/** GET /v2/stores/{store-id}/applications. */
export async function listApplications({ ctx, input }: { ctx: AuthContext; input: { store_id: string } }) {
  requireHostingContract(ctx);
  const { store } = await loadSubStore(ctx, input.store_id);
  return { applications: (await listStoreApplications(ctx.merchantId, store.id)).map(serializeApplication) };
}
