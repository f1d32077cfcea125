import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { toRfc3339 } from "@/lib/time";

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
export async function listKeyPayments(ctx: AuthContext, billingKey: string): Promise<KeyPaymentView[]> {
  const rows = await getDb()
    .selectFrom("transactions")
    .select(["payment_id", "id", "status", "total_amount", "currency", "order_name", "schedule_id", "requested_at"])
    .where("merchant_id", "=", ctx.merchantId)
    .where("store_id", "=", ctx.storeId)
    .where("billing_key", "=", billingKey)
    .orderBy("requested_at", "desc")
    .orderBy("id", "desc")
    .limit(200)
    .execute();
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
