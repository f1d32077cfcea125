import { DomainError, type ErrorCode } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { resolveStore } from "@/lib/tenancy/scope";
import { findPrimaryTransaction } from "./repository";

/**
 * The store a payment verb acts on. Endpoints whose spec lists only PAYMENT_NOT_FOUND (single
 * read, cancel) answer a foreign or forbidden store as that; the others keep STORE_NOT_FOUND/403.
 */
export function resolvePaymentStore(ctx: AuthContext, storeId: string | undefined, asPaymentLookup: boolean) {
  const code: ErrorCode | undefined = asPaymentLookup ? "PAYMENT_NOT_FOUND" : undefined;
  return resolveStore(ctx, storeId, { missingAs: code, deniedAs: code });
}

/** The payment's primary transaction, scoped to the merchant and store, or PAYMENT_NOT_FOUND. */
export async function requirePrimaryTransaction(merchantId: string, storeId: string, paymentId: string) {
  const primary = await findPrimaryTransaction(merchantId, { storeId, paymentId });
  if (!primary) throw new DomainError("PAYMENT_NOT_FOUND", `no payment ${paymentId} in this store`);
  return primary;
}
