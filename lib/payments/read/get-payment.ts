import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { storeIdInScope } from "@/lib/tenancy/scope";
import { loadPayment } from "./load-payment";

/**
 * GET /v2/payments/{payment_id}: every attempt made with the id, in the store (default: the token's).
 * One statement: the read is scoped by merchant and store, so a foreign or missing store finds no
 * payment and answers PAYMENT_NOT_FOUND, as the spec lists for this endpoint, without a store read.
 */
export async function getPayment({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { payment_id: string; store_id?: string };
}) {
  const storeId = storeIdInScope(ctx, input.store_id, { deniedAs: "PAYMENT_NOT_FOUND" });
  const payment = await loadPayment(ctx.merchantId, { storeId, paymentId: input.payment_id });
  if (!payment) throw new DomainError("PAYMENT_NOT_FOUND", `no payment ${input.payment_id} in this store`);
  return { payment };
}
