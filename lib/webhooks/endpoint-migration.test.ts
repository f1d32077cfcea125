import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { moveStoreUrlsToEndpoints } from "@/lib/db/migrations/0170_webhook_endpoints";
import { attemptPayment } from "@/lib/testing/attempt-payment";
import { newMerchant } from "@/lib/testing/fixtures";
import { drainWebhooksUntil, startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { HOUR } from "@/lib/time";
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from "./secret";

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

describe("migration 0170: a store's single webhook URL becomes an endpoint", () => {
  it("subscribed to everything, with the store's secret (and a rotation's previous one): receivers verify unchanged", async () => {
    const m = await newMerchant();
    const untouched = await newMerchant();
    const r = await startWebhookReceiver();
    receivers.push(r);
    const db = getDb();
    // The store as it was: one URL, mid-rotation (the previous secret still signing).
    const previous = newWebhookSecret();
    const now = Date.now();
    await db.updateTable("stores").set({ webhook_url: r.url }).where("id", "=", m.store_id).execute();
    await db
      .insertInto("webhook_secret_rotations")
      .values({
        store_id: m.store_id,
        merchant_id: m.merchant_id,
        previous_secret: sealWebhookSecret(previous),
        rotated_at: now,
        expires_at: now + HOUR,
      })
      .execute();

    await moveStoreUrlsToEndpoints(db as never);

    const endpoints = await db.selectFrom("webhook_endpoints").selectAll().where("store_id", "=", m.store_id).execute();
    expect(endpoints).toHaveLength(1);
    const endpoint = endpoints[0]!;
    expect(endpoint).toMatchObject({ url: r.url, events: "*", enabled: 1, merchant_id: m.merchant_id });
    expect(openWebhookSecret(endpoint.secret)).toBe(m.webhook_secret);
    expect(
      (await db.selectFrom("stores").select("webhook_url").where("id", "=", m.store_id).executeTakeFirstOrThrow())
        .webhook_url,
    ).toBeNull();
    expect(
      await db.selectFrom("webhook_endpoints").select("id").where("store_id", "=", untouched.store_id).execute(),
    ).toEqual([]);

    for (const [paymentId, outcome] of [
      ["mig-paid", "approved"],
      ["mig-failed", "failed"],
    ] as const)
      await attemptPayment({ merchantId: m.merchant_id, storeId: m.store_id, paymentId, outcome });
    await drainWebhooksUntil(() => r.received.length === 2);
    for (const hit of r.received) {
      expect(() => new Webhook(m.webhook_secret).verify(hit.body, hit.headers)).not.toThrow();
      expect(() => new Webhook(previous).verify(hit.body, hit.headers)).not.toThrow();
    }
    expect(r.received.map((h) => JSON.parse(h.body).status).sort()).toEqual(["Failed", "Paid"]);
  });
});
