import type { AuthContext } from "@/lib/auth/context";
import { resolveStore } from "@/lib/tenancy/scope";
import { findReceiptOrThrow } from "./repository";
import { serializeCashReceipt } from "./serialize";

/** GET /v2/payments/{payment_id}/cash-receipt. A store the caller may not see answers as a missing payment. */
export async function getCashReceipt({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { payment_id: string; store_id?: string };
}) {
  const store = await resolveStore(ctx, input.store_id, {
    missingAs: "PAYMENT_NOT_FOUND",
    deniedAs: "PAYMENT_NOT_FOUND",
  });
  return { receipt: serializeCashReceipt(await findReceiptOrThrow(ctx.merchantId, store.id, input.payment_id)) };
}
