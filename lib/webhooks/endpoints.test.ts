import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { attemptPayment } from "@/lib/testing/attempt-payment";
import { newMerchant } from "@/lib/testing/fixtures";
import { drainWebhooksUntil, startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { transaction } from "@/lib/db/transaction";
import { createDelivery } from "./deliveries";
import { sendEndpointTest } from "./endpoint-test";
import { rotateEndpointSecret } from "./endpoint-secret";
import { createEndpoint, deleteEndpoint, listEndpoints, updateEndpoint } from "./endpoints";
import { listDeliveries } from "./list-deliveries";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

const receivers: WebhookReceiver[] = [];
async function receiver(respond?: (n: number) => number) {
  const r = await startWebhookReceiver(respond);
  receivers.push(r);
  return r;
}
beforeAll(() => {
  process.env.WEBHOOK_RETRY_DELAYS_MS = "150,150,150,150,150";
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

const ctxOf = (m: Merchant, role: AuthContext["role"] = "OWNER"): AuthContext => ({
  merchantId: m.merchant_id,
  storeId: m.store_id,
  storeLimited: false,
  hasHostingContract: false,
  origin: { platform_type: "API", ip_address: "127.0.0.1" },
  role,
});

const deliveriesOf = (txId: string) =>
  getDb()
    .selectFrom("webhook_deliveries")
    .select(["endpoint_id", "url", "url_source", "state", "attempts", "trigger"])
    .where("tx_id", "=", txId)
    .orderBy("url")
    .execute();

describe("webhook endpoints: fan-out", () => {
  it("sends each event to every enabled endpoint subscribed to it, signed with its own secret, retried on its own", async () => {
    const m = await newMerchant();
    const all = await receiver();
    const failures = await receiver(() => 500);
    const paidOnly = await receiver();
    const make = (url: string, events: "all" | ("Paid" | "Failed")[]) =>
      createEndpoint({ ctx: ctxOf(m), input: { url, events } });
    const a = await make(all.url, "all");
    const b = await make(failures.url, ["Failed"]);
    const c = await make(paidOnly.url, ["Paid"]);
    await updateEndpoint({ ctx: ctxOf(m), input: { id: c.endpoint.id, enabled: false } });
    expect(a.secret).toMatch(/^whsec_/);
    expect(new Set([a.secret, b.secret, c.secret, m.webhook_secret]).size).toBe(4);

    const paid = await attemptPayment({ merchantId: m.merchant_id, storeId: m.store_id, paymentId: "ep-paid" });
    const failed = await attemptPayment({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      paymentId: "ep-failed",
      outcome: "failed",
    });
    await drainWebhooksUntil(async () => {
      const ds = [...(await deliveriesOf(paid.id)), ...(await deliveriesOf(failed.id))];
      return ds.length === 3 && ds.every((d) => d.state !== "PENDING");
    });
    // Paid: only the endpoint taking everything (the Paid-only one is disabled, the other takes Failed).
    expect((await deliveriesOf(paid.id)).map((d) => [d.endpoint_id, d.state, d.attempts])).toEqual([
      [a.endpoint.id, "SUCCEEDED", 1],
    ]);
    // Failed: both, each with its own attempts: one receiver answers 200, the other 500 six times.
    const failedDeliveries = await deliveriesOf(failed.id);
    expect(new Map(failedDeliveries.map((d) => [d.endpoint_id, [d.state, d.attempts]]))).toEqual(
      new Map([
        [a.endpoint.id, ["SUCCEEDED", 1]],
        [b.endpoint.id, ["FAILED", 6]],
      ]),
    );
    expect(paidOnly.received).toEqual([]);
    expect(all.received.map((r) => JSON.parse(r.body).status).sort()).toEqual(["Failed", "Paid"]);
    expect(failures.received.map((r) => JSON.parse(r.body).status)).toEqual(Array(6).fill("Failed"));
    for (const hit of all.received) {
      expect(() => new Webhook(a.secret).verify(hit.body, hit.headers)).not.toThrow();
      expect(() => new Webhook(b.secret).verify(hit.body, hit.headers)).toThrow();
    }
    for (const hit of failures.received)
      expect(() => new Webhook(b.secret).verify(hit.body, hit.headers)).not.toThrow();
  });

  it("a payment's notice_urls take precedence: no endpoint receives it, and the store's secret signs it", async () => {
    const m = await newMerchant();
    const endpoint = await receiver();
    const notice = await receiver();
    await createEndpoint({ ctx: ctxOf(m), input: { url: endpoint.url, events: "all" } });
    const tx = await attemptPayment({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      paymentId: "ep-notice",
      noticeUrls: [notice.url],
    });
    await drainWebhooksUntil(() => notice.received.length === 1);
    expect(await deliveriesOf(tx.id)).toEqual([
      expect.objectContaining({ endpoint_id: null, url: notice.url, url_source: "NOTICE_URLS" }),
    ]);
    expect(endpoint.received).toEqual([]);
    const hit = notice.received[0]!;
    expect(() => new Webhook(m.webhook_secret).verify(hit.body, hit.headers)).not.toThrow();
  });

  it("rotating an endpoint's secret signs with both during the overlap", async () => {
    const m = await newMerchant();
    const r = await receiver();
    const created = await createEndpoint({ ctx: ctxOf(m), input: { url: r.url, events: ["Paid"] } });
    const rotated = await rotateEndpointSecret({ ctx: ctxOf(m), input: { id: created.endpoint.id, overlapHours: 1 } });
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.endpoint.previousSecretExpiresAt).not.toBeNull();
    await attemptPayment({ merchantId: m.merchant_id, storeId: m.store_id, paymentId: "ep-rotate" });
    await drainWebhooksUntil(() => r.received.length === 1);
    const hit = r.received[0]!;
    expect(hit.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(created.secret).verify(hit.body, hit.headers)).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(hit.body, hit.headers)).not.toThrow();
  });
});

describe("webhook endpoints: test events", () => {
  it("are sent to one endpoint, marked test in the body, and logged as a test (not a manual resend)", async () => {
    const m = await newMerchant();
    const r = await receiver();
    const other = await receiver();
    const created = await createEndpoint({ ctx: ctxOf(m), input: { url: r.url, events: ["Paid"] } });
    await createEndpoint({ ctx: ctxOf(m), input: { url: other.url, events: "all" } });
    const sent = await sendEndpointTest({ ctx: ctxOf(m), input: { id: created.endpoint.id } });
    expect(sent.attempt).toMatchObject({ status: "SUCCEEDED", responseCode: 200 });
    expect(r.received).toHaveLength(1);
    expect(other.received).toEqual([]);
    const hit = r.received[0]!;
    expect(new Webhook(created.secret).verify(hit.body, hit.headers)).toEqual({
      tx_id: null,
      payment_id: null,
      status: "Test",
      test: true,
    });
    const log = await listDeliveries({ ctx: ctxOf(m), input: { endpoint: created.endpoint.id, page: 0, limit: 20 } });
    expect(log.items.map((d) => [d.event, d.trigger, d.state])).toEqual([["Test", "TEST", "SUCCEEDED"]]);
  });
});

describe("webhook endpoints: management", () => {
  it("names the reason an address is refused, with the field", async () => {
    const m = await newMerchant();
    const saved = process.env.WEBHOOK_ALLOW_PRIVATE;
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    try {
      const refusal = (url: string) =>
        createEndpoint({ ctx: ctxOf(m), input: { url, events: "all" } }).then(
          () => null,
          (e: { code: string; params: Record<string, unknown> }) => [e.code, e.params.field, e.params.reason],
        );
      expect(await refusal("https://no-such-host.invalid/hook")).toEqual(["INVALID_REQUEST", "url", "HOST_NOT_FOUND"]);
      expect(await refusal("https://127.0.0.1/hook")).toEqual(["INVALID_REQUEST", "url", "PRIVATE_ADDRESS"]);
      expect(await refusal("http://93.184.215.14/hook")).toEqual(["INVALID_REQUEST", "url", "NOT_HTTPS"]);
      expect(await refusal("https://93.184.215.14:25/hook")).toEqual(["INVALID_REQUEST", "url", "BAD_PORT"]);
      expect(await listEndpoints({ ctx: ctxOf(m) })).toEqual([]);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = saved;
    }
  });

  it("edits events, disables, deletes (pending retries end) and stays within the tenant", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const down = await receiver(() => 500);
    const { endpoint } = await createEndpoint({ ctx: ctxOf(m), input: { url: down.url, events: "all" } });
    const edited = await updateEndpoint({ ctx: ctxOf(m), input: { id: endpoint.id, events: ["Failed", "Paid"] } });
    expect(edited).toMatchObject({ events: ["Paid", "Failed"], enabled: true });
    for (const attempt of [
      () => updateEndpoint({ ctx: ctxOf(other), input: { id: endpoint.id, enabled: false } }),
      () => deleteEndpoint({ ctx: ctxOf(other), input: { id: endpoint.id } }),
      () => sendEndpointTest({ ctx: ctxOf(other), input: { id: endpoint.id } }),
      () => rotateEndpointSecret({ ctx: ctxOf(other), input: { id: endpoint.id, overlapHours: 0 } }),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await listEndpoints({ ctx: ctxOf(other) })).toEqual([]);

    // A delivery waiting for its attempt (written here, as a fan-out would), then the endpoint deleted.
    const { delivery } = await transaction((tx) =>
      createDelivery(tx, {
        merchantId: m.merchant_id,
        storeId: m.store_id,
        paymentId: "ep-delete",
        txId: null,
        eventType: "Paid",
        url: down.url,
        endpointId: endpoint.id,
        urlSource: "STORE",
        trigger: "NOTIFICATION_SETTING",
        isAsync: true,
        body: "{}",
      }),
    );
    const state = async () =>
      (
        await getDb()
          .selectFrom("webhook_deliveries")
          .select("state")
          .where("id", "=", delivery.id)
          .executeTakeFirstOrThrow()
      ).state;
    expect(await state()).toBe("PENDING");
    await deleteEndpoint({ ctx: ctxOf(m), input: { id: endpoint.id } });
    expect(await state()).toBe("FAILED");
    expect(await listEndpoints({ ctx: ctxOf(m) })).toEqual([]);
  });
});
