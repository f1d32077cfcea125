import { recordAudit } from "@/lib/audit/record";
import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { transaction } from "@/lib/db/transaction";
import { HOUR } from "@/lib/time";
import { toRfc3339 } from "@/lib/time";
import { resolveStore } from "@/lib/tenancy/scope";
import { checkWebhookUrl } from "./address-policy";
import { createDelivery, eventBody } from "./deliveries";
import { activeRotation, replaceSigningSecret, setStoreWebhookUrl } from "./repository";
import { runDeliveryInline } from "./run-inline";
import type { WebhookSettingsView } from "./schema";
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from "./secret";
import { toAttemptView } from "./serialize";

/** The store's webhook URL and signing secret (viewers do not see the secret). */
export async function getWebhookSettings({ ctx }: { ctx: AuthContext }): Promise<WebhookSettingsView> {
  const store = await resolveStore(ctx, undefined);
  const rotation = await activeRotation(store.id, Date.now());
  return {
    url: store.webhook_url,
    secret: ctx.role === "VIEWER" ? null : openWebhookSecret(store.webhook_secret),
    previousSecretExpiresAt: rotation ? toRfc3339(rotation.expires_at) : null,
  };
}

/** Sets (or clears, with "") the store's webhook URL; refused addresses are refused here too. */
export async function updateWebhookUrl({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: { url: string };
}): Promise<WebhookSettingsView> {
  const store = await resolveStore(ctx, undefined);
  const url = input.url.trim();
  if (url) {
    const problem = await checkWebhookUrl(url);
    if (problem) throw new DomainError("INVALID_REQUEST", `url: ${problem}`, { field: "url" });
  }
  await transaction(async (tx) => {
    await setStoreWebhookUrl(tx, ctx.merchantId, store.id, url || null, Date.now());
    await recordAudit(tx, {
      merchantId: ctx.merchantId,
      action: "webhook.url_change",
      targetId: store.id,
      before: { url: store.webhook_url },
      after: { url: url || null },
    });
  });
  return getWebhookSettings({ ctx });
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

/** Sends `{tx_id: null, payment_id: null, status: "Test"}` to the store's URL now and reports the attempt. */
export async function sendTestWebhook({ ctx }: { ctx: AuthContext }) {
  const store = await resolveStore(ctx, undefined);
  const url = store.webhook_url;
  if (!url) throw new DomainError("INVALID_REQUEST", "no webhook address: set the store's webhook URL first");
  const { delivery, jobId } = await transaction((tx) =>
    createDelivery(tx, {
      merchantId: ctx.merchantId,
      storeId: store.id,
      paymentId: null,
      txId: null,
      eventType: "Test",
      url,
      urlSource: "STORE",
      trigger: "MANUAL",
      isAsync: false,
      body: eventBody({ tx_id: null, payment_id: null, status: "Test" }),
    }),
  );
  const attempt = await runDeliveryInline(delivery.id, jobId);
  return { deliveryId: delivery.id, attempt: attempt ? toAttemptView(attempt) : null };
}
