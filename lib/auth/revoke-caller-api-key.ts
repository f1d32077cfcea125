import { DomainError } from "@/lib/errors/domain-error";
import type { RevokeApiKeyInput } from "./api-key-schema";
import { revokeApiKey } from "./api-keys";
import type { AuthContext } from "./context";

/**
 * Revokes one of the caller's keys. Another merchant's key, another store's key for a store-limited
 * caller and a key already revoked all answer NOT_FOUND: the caller learns nothing about them.
 */
export async function revokeCallerApiKey({ ctx, input }: { ctx: AuthContext; input: RevokeApiKeyInput }) {
  const storeId = ctx.storeLimited ? ctx.storeId : undefined;
  if (!(await revokeApiKey(ctx.merchantId, input.id, storeId))) throw new DomainError("NOT_FOUND", "key not found");
  return {};
}
