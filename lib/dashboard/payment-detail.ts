import type { DashboardContext } from "@/lib/dashboard/context";
import { getDb } from "@/lib/db/client";
import { getPayment } from "@/lib/payments/get-payment";
import { buildTimeline, webhookOf } from "./timeline";

/** The payment page: the API's payment, and its timeline with each webhook attempt linked to its delivery. */
export async function getPaymentDetail({ ctx, input }: { ctx: DashboardContext; input: { payment_id: string } }) {
  const { payment } = await getPayment({ ctx, input: { ...input, store_id: ctx.storeId } });
  const attemptIds = payment.transactions.flatMap((t) => (t.notifications ?? []).map((n) => webhookOf(n).id));
  const rows = attemptIds.length === 0 ? [] : await getDb().selectFrom("webhook_attempts").select(["id", "delivery_id"]).where("merchant_id", "=", ctx.merchantId).where("store_id", "=", ctx.storeId).where("id", "in", attemptIds).execute();
  return { payment, timeline: buildTimeline(payment, Object.fromEntries(rows.map((r) => [r.id, r.delivery_id]))) };
}
