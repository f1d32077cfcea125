import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { loadSubStore } from "@/lib/stores/repository";
import { eventsByApplication, listStoreApplicationRows } from "./repository";
import { toApplicationView } from "./serialize";
import { requireHostingContract } from "@/lib/tenancy/hosting";

/** Dashboard: one sub-store's applications with their history. */
export async function listStoreApplicationViews({ ctx, input }: { ctx: AuthContext; input: { store_id: string } }) {
  requireHostingContract(ctx);
  const store = await loadSubStore(ctx, input.store_id);
  const rows = await listStoreApplicationRows(ctx.merchantId, store.store.id);
  const events = await eventsByApplication(ctx.merchantId, rows.map((r) => r.id));
  return rows.map((r) => toApplicationView(r, events.get(r.id) ?? [], store.store.name));
}

/** Dashboard onboarding board: every sub-store's applications (a store-limited caller: its store's). */
export async function listOnboardingBoard({ ctx }: { ctx: AuthContext }) {
  requireHostingContract(ctx);
  let query = getDb()
    .selectFrom("store_applications")
    .innerJoin("stores", "stores.id", "store_applications.store_id")
    .selectAll("store_applications")
    .select("stores.name as store_name")
    .where("store_applications.merchant_id", "=", ctx.merchantId);
  if (ctx.storeLimited) query = query.where("store_applications.store_id", "=", ctx.storeId);
  const rows = await query.orderBy("store_applications.status_changed_at").execute();
  const events = await eventsByApplication(ctx.merchantId, rows.map((r) => r.id));
  return rows.map(({ store_name, ...row }) => toApplicationView(row, events.get(row.id) ?? [], store_name));
}
