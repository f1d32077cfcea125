import type { AuthContext } from "@/lib/auth/context";
import { loadSubStore } from "@/lib/stores/repository";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { listStoreApplications } from "./repository";
import { serializeTosspaymentsUrls } from "./serialize";

/** GET /v2/stores/{store-id}/applications/tosspayments-status-and-url. */
export async function listTosspaymentsUrls({ ctx, input }: { ctx: AuthContext; input: { store_id: string } }) {
  requireHostingContract(ctx);
  const { store } = await loadSubStore(ctx, input.store_id);
  const rows = await listStoreApplications(ctx.merchantId, store.id);
  return { urls: rows.filter((r) => r.pg_company === "TOSSPAYMENTS").flatMap(serializeTosspaymentsUrls) };
}
