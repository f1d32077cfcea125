import type { AuthContext } from "@/lib/auth/context";
import { requireHostingContract } from "@/lib/tenancy/hosting";
import { toRfc3339 } from "@/lib/time";
import { listStoreLogins, loadSubStore } from "./repository";

/** Dashboard logins limited to one sub-store: they see only that store in the switcher. */
export async function listStoreUsers({ ctx, input }: { ctx: AuthContext; input: { store_id: string } }) {
  requireHostingContract(ctx);
  const { store } = await loadSubStore(ctx, input.store_id);
  const rows = await listStoreLogins(ctx.merchantId, store.id);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    created_at: toRfc3339(r.created_at),
  }));
}
