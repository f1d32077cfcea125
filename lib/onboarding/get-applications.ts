import type { AuthContext } from "@/lib/auth/context";
import { loadSubStore } from "@/lib/stores/repository";
import { listStoreApplicationRows } from "./repository";
import { serializeApplication, serializeTosspaymentsUrls } from "./serialize";
import { requireHostingContract } from "@/lib/tenancy/hosting";

/** GET /v2/stores/{store-id}/applications. */
export async function listApplications({ ctx, input }: { ctx: AuthContext; input: { store_id: string } }) {
  requireHostingContract(ctx);
  const store = await loadSubStore(ctx, input.store_id);
  const rows = await listStoreApplicationRows(ctx.merchantId, store.store.id);
  return { applications: rows.map(serializeApplication) };
}

/** GET /v2/stores/{store-id}/applications/tosspayments-status-and-url. */
export async function listTosspaymentsUrls({ ctx, input }: { ctx: AuthContext; input: { store_id: string } }) {
  requireHostingContract(ctx);
  const store = await loadSubStore(ctx, input.store_id);
  const rows = await listStoreApplicationRows(ctx.merchantId, store.store.id);
  return { urls: rows.filter((r) => r.pg_company === "TOSSPAYMENTS").flatMap(serializeTosspaymentsUrls) };
}
