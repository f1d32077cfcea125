import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { HOUR } from "@/lib/time";
import type { EndpointView } from "./endpoint-schema";
import { storeEndpoint, toEndpointView } from "./endpoints";
import { findStoreEndpoint, replaceEndpointSecret } from "./endpoints/repository";
import { newWebhookSecret, sealWebhookSecret } from "./secret";

/**
 * A new signing secret for one endpoint, answered once. For `overlapHours` the old one keeps
 * signing too (two `v1,` entries in webhook-signature), so its receiver can switch without
 * dropping a delivery; rotating again inside the window forgets the older one.
 */
export async function rotateEndpointSecret({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { id: string; overlapHours: number };
}): Promise<{ endpoint: EndpointView; secret: string }> {
  const { store, endpoint } = await storeEndpoint(ctx, input.id);
  const secret = newWebhookSecret();
  const now = Date.now();
  const updated = await transaction(async (tx) => {
    const keepPreviousUntil = input.overlapHours > 0 ? now + input.overlapHours * HOUR : null;
    await replaceEndpointSecret(tx, endpoint, sealWebhookSecret(secret), now, keepPreviousUntil);
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "webhook.endpoint_secret_rotate",
      targetId: endpoint.id,
      after: { previous_secret_valid_hours: input.overlapHours },
    });
    return findStoreEndpoint(ctx.merchantId, store.id, endpoint.id, tx);
  });
  return { endpoint: toEndpointView(updated ?? endpoint, now), secret };
}
