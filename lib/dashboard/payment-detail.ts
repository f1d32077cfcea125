import type { DashboardContext } from "@/lib/dashboard/context";
import { getPayment } from "@/lib/payments/read/get-payment";
import { paymentRouting } from "@/lib/routing/route-payment";
import { deliveryIdsOfAttempts } from "@/lib/webhooks/repository";
import { buildTimeline, webhookOf } from "./timeline";

/** The payment page: the API's payment, and its timeline with each webhook attempt linked to its delivery. */
export async function getPaymentDetail({ ctx, input }: { ctx: DashboardContext; input: { payment_id: string } }) {
  const { payment } = await getPayment({ ctx, input: { ...input, store_id: ctx.storeId } });
  const attemptIds = payment.transactions.flatMap((t) => (t.notifications ?? []).map((n) => webhookOf(n).id));
  const [deliveries, routing] = await Promise.all([
    deliveryIdsOfAttempts(ctx.merchantId, ctx.storeId, attemptIds),
    paymentRouting(ctx.merchantId, ctx.storeId, input.payment_id),
  ]);
  return {
    payment,
    timeline: buildTimeline(payment, Object.fromEntries(deliveries), Object.fromEntries(routing)),
  };
}
