import type { CreateApiKeyInput } from "./api-key-schema";
import { createApiKey } from "./api-keys";
import type { AuthContext } from "./context";

/**
 * Mints a key for the caller's merchant: limited to the caller's store when asked, and always for a
 * store-limited caller (it cannot mint a key wider than its own). The secret is answered once.
 */
export async function createCallerApiKey({ ctx, input }: { ctx: AuthContext; input: CreateApiKeyInput }) {
  const storeId = input.limitToStore || ctx.storeLimited ? ctx.storeId : null;
  const created = await createApiKey({ merchantId: ctx.merchantId, storeId, name: input.name });
  return { id: created.id, apiKey: created.apiKey };
}
