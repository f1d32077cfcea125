import { DomainError } from "@/lib/api/error-codes";
import type { AuthContext } from "@/lib/auth/context";
import { resolvePaymentStore } from "./lookup";
import { loadPayment } from "./repository";

/** GET /v2/payments/{payment_id}: every attempt made with the id, in the store (default: the token's). */
export async function getPayment({ ctx, input }: { ctx: AuthContext; input: { payment_id: string; store_id?: string } }) {
  const store = await resolvePaymentStore(ctx, input.store_id, true);
  const payment = await loadPayment(ctx.merchantId, { storeId: store.id, paymentId: input.payment_id });
  if (!payment) throw new DomainError("PAYMENT_NOT_FOUND", `no payment ${input.payment_id} in this store`);
  return { payment };
}
