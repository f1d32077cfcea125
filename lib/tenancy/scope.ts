import { DomainError, type ErrorCode } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { findMerchantStore } from "./repository";

type ScopeOptions = {
  /** Code when a store-limited caller names another store (default PERMISSION_DENIED). */
  deniedAs?: ErrorCode;
  /** Code when the store does not exist for this merchant (default STORE_NOT_FOUND). */
  missingAs?: ErrorCode;
};

/**
 * The store id a request acts on, checked against the credential only (no read). Enough for a read
 * that is itself scoped by merchant and store, where another merchant's store simply finds nothing.
 */
export function storeIdInScope(
  ctx: AuthContext,
  requestedStoreId: string | undefined,
  options: Pick<ScopeOptions, "deniedAs"> = {},
): string {
  const storeId = requestedStoreId ?? ctx.storeId;
  if (ctx.storeLimited && storeId !== ctx.storeId) {
    throw new DomainError(options.deniedAs ?? "PERMISSION_DENIED", "this credential may not access that store");
  }
  return storeId;
}

/**
 * The store a request acts on: the one named, else the store in the token. Another merchant's
 * store is indistinguishable from a missing one.
 */
export async function resolveStore(ctx: AuthContext, requestedStoreId: string | undefined, options: ScopeOptions = {}) {
  const storeId = storeIdInScope(ctx, requestedStoreId, options);
  const store = await findMerchantStore(ctx.merchantId, storeId);
  if (!store) throw new DomainError(options.missingAs ?? "STORE_NOT_FOUND", "store not found");
  return store;
}
