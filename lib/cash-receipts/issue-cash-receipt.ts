import type { AuthContext } from "@/lib/auth/context";
import { requireStoreChannel } from "@/lib/channels/repository";
import { resolveStore } from "@/lib/tenancy/scope";
import { issueReceipt } from "./issue-receipt";
import type { IssueCashReceiptBody } from "./schema";
import { receiptUrl } from "./serialize";

/** POST /v2/payments/{payment_id}/cash-receipt (manual issuance; the payment need not be ours). */
export async function issueCashReceipt({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: IssueCashReceiptBody & { payment_id: string };
}) {
  const store = await resolveStore(ctx, input.store_id);
  const channel = await requireStoreChannel(ctx.merchantId, store.id, input.channel_key, "payment", "channel_key");
  const { store_id: _s, channel_key: _c, payment_id: paymentId, ...rest } = input;
  const row = await issueReceipt(
    { merchantId: ctx.merchantId, storeId: store.id, paymentId, channel },
    { ...rest, isManual: true },
  );
  return {
    receipt_id: row.id,
    pg_tx_id: row.pg_tx_id,
    issue_number: row.issue_number,
    receipt_url: receiptUrl(row.receipt_token),
  };
}
