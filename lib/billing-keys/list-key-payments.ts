import type { AuthContext } from "@/lib/auth/context";
import { toRfc3339 } from "@/lib/time";
import { listKeyAttempts } from "./repository";

export type KeyPaymentView = {
  paymentId: string;
  txId: string;
  status: string;
  amount: number;
  currency: string;
  orderName: string;
  scheduleId: string | null;
  requestedAt: string;
};

/** The payment attempts made with one billing key of the caller's store, newest first (dashboard). */
export async function listKeyPayments({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { billing_key: string };
}): Promise<KeyPaymentView[]> {
  const rows = await listKeyAttempts(ctx.merchantId, ctx.storeId, input.billing_key, 200);
  return rows.map((r) => ({
    paymentId: r.payment_id,
    txId: r.id,
    status: r.status,
    amount: r.total_amount,
    currency: r.currency,
    orderName: r.order_name,
    scheduleId: r.schedule_id,
    requestedAt: toRfc3339(r.requested_at),
  }));
}
