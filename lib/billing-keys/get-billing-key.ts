import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveStore } from "@/lib/tenancy/scope";
import { findBillingKey } from "./repository";
import { serializeBillingKey } from "./serialize";

/** GET /v2/billing-keys/{billing_key}: another store's or merchant's key is not found. */
export async function getBillingKey({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { billing_key: string; store_id?: string };
}) {
  const store = await resolveStore(ctx, input.store_id, {
    missingAs: "BILLING_KEY_NOT_FOUND",
    deniedAs: "BILLING_KEY_NOT_FOUND",
  });
  const key = await findBillingKey({ merchantId: ctx.merchantId, storeId: store.id, billingKey: input.billing_key });
  if (!key) throw new DomainError("BILLING_KEY_NOT_FOUND", "billing key not found");
  return { billing_key: serializeBillingKey(key) };
}
