import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { resolveStore } from "@/lib/tenancy/scope";
import { matchingDeliveries } from "./repository";
import type { DeliveryFilter } from "./schema";
import { queueResend } from "./targets";

/** Bulk resend queues at most this many deliveries per click. */
const RESEND_MATCHING_LIMIT = 500;

/** Queues a MANUAL resend of every delivery matching the filter (up to RESEND_MATCHING_LIMIT); the worker sends them. */
export async function resendMatching({ ctx, input }: { ctx: AuthContext; input: DeliveryFilter }) {
  const store = await resolveStore(ctx, undefined);
  const rows = await matchingDeliveries(ctx.merchantId, store.id, input, RESEND_MATCHING_LIMIT);
  const queued = await transaction(async (tx) => {
    let n = 0;
    for (const delivery of rows)
      n += (await queueResend(tx, store, { kind: "delivery", delivery }, { isAsync: true })).length;
    return n;
  });
  return { queued };
}
