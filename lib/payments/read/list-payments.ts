import type { AuthContext } from "@/lib/auth/context";
import type { WirePayment } from "../serialize";
import { loadPaymentsInOrder } from "./load-payment";
import { countPayments } from "./repository/count";
import { pageKeys } from "./repository/page";
import type { ListPaymentsInput } from "./schema";
import { resolvePaymentScope, resolveWindow } from "./scope";

export type PaymentPage = { current_page: number; total_page: number; total_count: number; payments: WirePayment[] };

/**
 * GET /v2/payments: one page of payments (filtered and sorted on their primary transaction), with
 * every transaction of each payment in the answer.
 */
export async function listPayments({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: ListPaymentsInput;
}): Promise<PaymentPage> {
  const scope = await resolvePaymentScope(ctx, input.store_id);
  const window = resolveWindow(input);
  const [total, primaries] = await Promise.all([countPayments(scope, input, window), pageKeys(scope, input, window)]);
  return {
    current_page: input.page,
    total_page: Math.ceil(total / input.limit),
    total_count: total,
    payments: await loadPaymentsInOrder(scope.merchantId, primaries),
  };
}
