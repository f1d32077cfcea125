import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveStore } from "@/lib/tenancy/scope";
import { findStoreDelivery } from "./repository";
import { runDeliveryInline } from "./run-inline";
import { toAttemptView } from "./serialize";
import { queueResend } from "./targets";

/** Sends one delivery's event again now (MANUAL) and reports the attempt. */
export async function resendDelivery({ ctx, input }: { ctx: AuthContext; input: { id: string } }) {
  const store = await resolveStore(ctx, undefined);
  const delivery = await findStoreDelivery(ctx.merchantId, store.id, input.id);
  if (!delivery) throw new DomainError("NOT_FOUND", "delivery not found");
  const [queued] = await transaction((tx) =>
    queueResend(tx, store, { kind: "delivery", delivery }, { isAsync: false }),
  );
  if (!queued)
    throw new DomainError(
      "INVALID_REQUEST",
      "no webhook address: the endpoint was deleted or disabled, or none takes this event",
    );
  const attempt = await runDeliveryInline(queued.deliveryId, queued.jobId);
  return { deliveryId: queued.deliveryId, attempt: attempt ? toAttemptView(attempt) : null };
}
