import type { ApiKeyView } from "./api-key-schema";
import type { AuthContext } from "./context";
import { listMerchantApiKeys } from "./repository";

/** The keys the caller may see: every key of the merchant, or only its store's keys for a store-limited caller. */
export async function listCallerApiKeys({
  ctx,
}: {
  ctx: AuthContext;
  input?: Record<string, never>;
}): Promise<ApiKeyView[]> {
  const rows = await listMerchantApiKeys(ctx.merchantId, ctx.storeLimited ? ctx.storeId : undefined);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.key_prefix,
    storeId: r.store_id,
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
    revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
  }));
}
