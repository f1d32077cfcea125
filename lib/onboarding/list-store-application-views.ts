import type { AuthContext } from "@/lib/auth/context";
import { loadSubStore } from "@/lib/stores/repository";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { eventsByApplication, listStoreApplications } from "./repository";
import { toApplicationView } from "./serialize";

/** Dashboard: one sub-store's applications with their history. */
export async function listStoreApplicationViews({ ctx, input }: { ctx: AuthContext; input: { store_id: string } }) {
  requireHostingContract(ctx);
  const { store } = await loadSubStore(ctx, input.store_id);
  const rows = await listStoreApplications(ctx.merchantId, store.id);
  const events = await eventsByApplication(
    ctx.merchantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toApplicationView(r, events.get(r.id) ?? [], store.name));
}
