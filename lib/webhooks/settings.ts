import { recordAudit } from "@/lib/audit/record";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { HOUR } from "@/lib/time";
import { toRfc3339 } from "@/lib/time";
import { resolveStore } from "@/lib/tenancy/scope";
import { activeRotation, replaceSigningSecret } from "./repository";
import type { WebhookSettingsView } from "./schema";
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from "./secret";

/**
 * The store's own signing secret, which signs deliveries to a payment's notice_urls (endpoints
 * have their own: lib/webhooks/endpoints.ts). Viewers do not see it.
 */
export async function getWebhookSettings({ ctx }: { ctx: AuthContext }): Promise<WebhookSettingsView> {
  const store = await resolveStore(ctx, undefined);
  const rotation = await activeRotation(store.id, Date.now());
  return {
    secret: ctx.role === "VIEWER" ? null : openWebhookSecret(store.webhook_secret),
    previousSecretExpiresAt: rotation ? toRfc3339(rotation.expires_at) : null,
  };
}

/**
 * A new signing secret. For `overlapHours` the old one keeps signing too (two `v1,` entries in
 * webhook-signature), so receivers can switch without dropping a delivery. Rotating again inside
 * the window replaces the remembered previous secret.
 */
export async function rotateWebhookSecret({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { overlapHours: number };
}): Promise<WebhookSettingsView> {
  const store = await resolveStore(ctx, undefined);
  const now = Date.now();
  await transaction(async (tx) => {
    const keepPreviousUntil = input.overlapHours > 0 ? now + input.overlapHours * HOUR : null;
    await replaceSigningSecret(
      tx,
      { id: store.id, merchantId: ctx.merchantId },
      sealWebhookSecret(newWebhookSecret()),
      now,
      keepPreviousUntil,
    );
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "webhook.secret_rotate",
      targetId: store.id,
      after: { previous_secret_valid_hours: input.overlapHours },
    });
  });
  return getWebhookSettings({ ctx });
}
