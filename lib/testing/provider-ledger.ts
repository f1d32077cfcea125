import { getDb } from "@/lib/db/client";
import { channelRefOf } from "@/lib/payments/transactions/repository";
import { paymentProviderFor } from "@/lib/channels/providers";

/**
 * What the provider holds for one payment, asked through the adapter interface (as reconciliation
 * does): each attempt's charge at the provider and how much of it is still taken.
 */
export async function chargesAtProvider(merchantId: string, paymentId: string) {
  const attempts = await getDb()
    .selectFrom("transactions")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("payment_id", "=", paymentId)
    .orderBy("created_at")
    .execute();
  const charges: { txId: string; pgTxId: string; amount: number; kept: number }[] = [];
  for (const attempt of attempts) {
    const channel = channelRefOf(attempt);
    const found = await paymentProviderFor(channel).lookupPayment({ channel, txId: attempt.id });
    if (found.status === "APPROVED")
      charges.push({
        txId: attempt.id,
        pgTxId: found.approval.pgTxId,
        amount: found.amount,
        kept: found.amount - found.cancelledAmount,
      });
  }
  return charges;
}

/** The money the provider still holds for the payment: what the customer was charged, net of refunds. */
export async function heldAtProvider(merchantId: string, paymentId: string): Promise<number> {
  return (await chargesAtProvider(merchantId, paymentId)).reduce((sum, c) => sum + c.kept, 0);
}
