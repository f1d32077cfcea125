import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { getDb, withTransaction } from "@/lib/db/client";
import { claimJobs } from "@/lib/jobs/repository/claim";
import { drainOnce, startWorker } from "@/lib/jobs/worker";
import { loadPayment } from "@/lib/payments/read/load-payment";
import { attemptPayment } from "@/lib/testing/attempt-payment";
import { newMerchant } from "@/lib/testing/fixtures";
import {
  drainWebhooksUntil,
  runWebhookEventHere,
  startWebhookReceiver,
  type WebhookReceiver,
} from "@/lib/testing/webhook-receiver";
import { WEBHOOK_ATTEMPT_QUEUE, WEBHOOK_QUEUE } from "@/lib/webhooks/deliveries";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";
import { openWebhookSecret } from "@/lib/webhooks/secret";
import { addStoreEndpoint } from "@/lib/testing/webhook-endpoint";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { rotateEndpointSecret } from "@/lib/webhooks/endpoint-secret";
import type { Json } from "@/lib/testing/json";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

const receivers: WebhookReceiver[] = [];
async function receiver(respond?: (n: number) => number) {
  const r = await startWebhookReceiver(respond);
  receivers.push(r);
  return r;
}

beforeAll(() => {
  process.env.WEBHOOK_RETRY_DELAYS_MS = "150,150,150,150,150";
  process.env.WEBHOOK_TIMEOUT_MS = "5000";
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

function ctxOf(m: Merchant): AuthContext {
  return {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
    role: "OWNER",
  };
}

/** The store's endpoint taking every event, signed with the store's secret (as a migrated single URL). */
function setUrl(m: Merchant, url: string): Promise<string> {
  return addStoreEndpoint(m, url);
}

async function pay(
  m: Merchant,
  paymentId: string,
  options: { outcome?: "approved" | "failed" | "virtual_account"; noticeUrls?: string[] } = {},
) {
  return attemptPayment({ merchantId: m.merchant_id, storeId: m.store_id, paymentId, ...options });
}

const deliverUntil = drainWebhooksUntil;

async function notifications(m: Merchant, paymentId: string) {
  const payment = await loadPayment(m.merchant_id, { storeId: m.store_id, paymentId });
  const items = payment!.transactions.find((t) => t.is_primary)!.notifications as Json[];
  // CONTRACT §9: each item holds a webhook.
  for (const item of items) expect(Object.keys(item)).toEqual(["webhook"]);
  return items.map((item) => item.webhook);
}

async function secretOf(m: Merchant) {
  return openWebhookSecret(
    (await getDb().selectFrom("stores").select("webhook_secret").where("id", "=", m.store_id).executeTakeFirstOrThrow())
      .webhook_secret,
  );
}

describe("webhook delivery", () => {
  it("POSTs {tx_id, payment_id, status} to the store URL, signed per Standard Webhooks, and records it in notifications", async () => {
    const m = await newMerchant();
    const r = await receiver();
    await setUrl(m, r.url);
    const tx = await pay(m, "order-paid");
    await deliverUntil(() => r.received.length === 1);
    const hit = r.received[0]!;
    expect(JSON.parse(hit.body)).toEqual({ tx_id: tx.id, payment_id: "order-paid", status: "Paid" });
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(hit.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const wh = new Webhook(await secretOf(m));
    expect(wh.verify(hit.body, hit.headers)).toEqual({ tx_id: tx.id, payment_id: "order-paid", status: "Paid" });
    expect(() => wh.verify(hit.body.replace("Paid", "Cancelled"), hit.headers)).toThrow();
    expect(() => new Webhook(m.webhook_secret).verify(hit.body, hit.headers)).not.toThrow();

    await deliverUntil(async () => (await notifications(m, "order-paid")).length === 1);
    const [n] = await notifications(m, "order-paid");
    expect(n).toEqual({
      id: expect.any(String),
      status: "SUCCEEDED",
      type: "PAID",
      url: r.url,
      is_async: true,
      current_execution: 1,
      max_execution: 6,
      webhook_trigger: "NOTIFICATION_SETTING",
      request: {
        header: expect.objectContaining({ "content-type": "application/json" }),
        body: hit.body,
        requested_at: expect.stringMatching(/Z$/),
      },
      response: { code: "200", header: expect.any(Object), body: "ok", responded_at: expect.stringMatching(/Z$/) },
      triggered_at: expect.stringMatching(/Z$/),
    });
    expect(n.request.header["webhook-id"]).toBe(hit.headers["webhook-id"]);
  });

  it("sends to the payment's notice_urls instead of the store URL, one delivery per address", async () => {
    const m = await newMerchant();
    const store = await receiver();
    const a = await receiver();
    const b = await receiver();
    await setUrl(m, store.url);
    await pay(m, "order-notice", { noticeUrls: [a.url, b.url] });
    await deliverUntil(() => a.received.length === 1 && b.received.length === 1);
    expect(store.received).toHaveLength(0);
    for (const hit of [...a.received, ...b.received])
      expect(() => new Webhook(m.webhook_secret).verify(hit.body, hit.headers)).not.toThrow();
    expect(a.received[0]!.headers["webhook-id"]).not.toBe(b.received[0]!.headers["webhook-id"]);
  });

  it("delivers Failed and VirtualAccountIssued events; a deposit-triggered Paid is marked VIRTUAL_ACCOUNT_DEPOSIT", async () => {
    const m = await newMerchant();
    const r = await receiver();
    await setUrl(m, r.url);
    await pay(m, "order-failed", { outcome: "failed" });
    await pay(m, "order-va", { outcome: "virtual_account" });
    await deliverUntil(() => r.received.length === 2);
    const statuses = r.received.map((h) => JSON.parse(h.body).status).sort();
    expect(statuses).toEqual(["Failed", "VirtualAccountIssued"]);
    expect((await notifications(m, "order-failed"))[0].type).toBe("FAILED");
    expect((await notifications(m, "order-va"))[0].webhook_trigger).toBe("NOTIFICATION_SETTING");

    // The deposit path reports Paid on the virtual-account transaction.
    const va = (await loadPayment(m.merchant_id, { storeId: m.store_id, paymentId: "order-va" }))!.transactions[0]!;
    await withTransaction((t) =>
      enqueueWebhook(t, {
        merchantId: m.merchant_id,
        storeId: m.store_id,
        paymentId: "order-va",
        txId: va.id,
        status: "Paid",
        noticeUrls: [],
      }),
    );
    await deliverUntil(() => r.received.length === 3);
    await deliverUntil(async () => (await notifications(m, "order-va")).length === 2);
    expect((await notifications(m, "order-va"))[1]).toMatchObject({
      type: "PAID",
      webhook_trigger: "VIRTUAL_ACCOUNT_DEPOSIT",
      status: "SUCCEEDED",
    });
  });

  it("no store URL and no notice_urls: nothing is recorded or queued", async () => {
    const m = await newMerchant();
    const tx = await pay(m, "order-silent");
    // A finished job is deleted.
    const eventJob = () =>
      getDb()
        .selectFrom("jobs")
        .select("state")
        .where("queue", "=", WEBHOOK_QUEUE)
        .where("payload", "like", `%${tx.id}%`)
        .executeTakeFirst();
    await deliverUntil(async () => (await eventJob()) === undefined, "test-worker", [WEBHOOK_QUEUE]);
    const deliveries = await getDb().selectFrom("webhook_deliveries").select("id").where("tx_id", "=", tx.id).execute();
    expect(deliveries).toHaveLength(0);
    expect(await notifications(m, "order-silent")).toEqual([]);
  });

  it("a receiver that fails once then succeeds yields a REQUEST_FAILED and a SUCCEEDED record, same webhook-id", async () => {
    const m = await newMerchant();
    const r = await receiver((n) => (n === 1 ? 500 : 200));
    await setUrl(m, r.url);
    await pay(m, "order-retry");
    await deliverUntil(() => r.received.length === 2);
    await deliverUntil(async () => (await notifications(m, "order-retry")).length === 2);
    const list = await notifications(m, "order-retry");
    expect(list.map((n) => [n.status, n.current_execution, n.max_execution])).toEqual([
      ["REQUEST_FAILED", 1, 6],
      ["SUCCEEDED", 2, 6],
    ]);
    expect(list[0].response.code).toBe("500");
    expect(r.received[0]!.headers["webhook-id"]).toBe(r.received[1]!.headers["webhook-id"]);
    // The retry waits for the schedule (150 ms here, ±10%).
    expect(r.received[1]!.at - r.received[0]!.at).toBeGreaterThanOrEqual(130);
  });

  it("gives up after 6 attempts; an unreachable address is CONNECT_FAILED with no response", async () => {
    const m = await newMerchant();
    const r = await receiver(() => 503);
    await setUrl(m, r.url);
    const tx = await pay(m, "order-down");
    await deliverUntil(
      async () =>
        (await getDb().selectFrom("webhook_deliveries").select("state").where("tx_id", "=", tx.id).executeTakeFirst())
          ?.state === "FAILED",
    );
    const list = await notifications(m, "order-down");
    expect(list.map((n) => n.current_execution)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(list.map((n) => n.status))).toEqual(new Set(["REQUEST_FAILED"]));
    expect(r.received).toHaveLength(6);

    const closed = await startWebhookReceiver();
    await closed.close();
    const tx2 = await pay(m, "order-closed", { noticeUrls: [closed.url] });
    await deliverUntil(
      async () =>
        (await getDb().selectFrom("webhook_attempts").select("id").where("tx_id", "=", tx2.id).execute()).length >= 1,
    );
    const [first] = await notifications(m, "order-closed");
    expect(first.status).toBe("CONNECT_FAILED");
    expect(first.response).toBeUndefined();
  });

  it("survives a restart: the retry is made from the job table by a fresh worker", async () => {
    const m = await newMerchant();
    const r = await receiver((n) => (n === 1 ? 500 : 200));
    await setUrl(m, r.url);
    // A retry far enough away that the first worker is stopped before it is due.
    process.env.WEBHOOK_RETRY_DELAYS_MS = "2000,2000,2000,2000,2000";
    try {
      const tx = await pay(m, "order-restart");
      // The first attempt is made here (with this process's 2 s retry), then a worker stops before the retry.
      expect(await runWebhookEventHere(tx.id)).toBe(true);
      const first = startWorker({ name: "first", queues: [WEBHOOK_QUEUE, WEBHOOK_ATTEMPT_QUEUE] });
      await first.stop();
      expect(r.received).toHaveLength(1);
      const delivery = await getDb()
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where("tx_id", "=", tx.id)
        .executeTakeFirstOrThrow();
      const job = await getDb()
        .selectFrom("jobs")
        .selectAll()
        .where("payload", "=", JSON.stringify({ deliveryId: delivery.id }))
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ state: "QUEUED", locked_by: null });
      expect(job.run_at).toBeGreaterThan(Date.now() - 1000);
      await deliverUntil(() => r.received.length === 2, "fresh-worker");
      await deliverUntil(async () => (await notifications(m, "order-restart")).length === 2);
      expect((await notifications(m, "order-restart")).map((n) => n.status)).toEqual(["REQUEST_FAILED", "SUCCEEDED"]);
    } finally {
      process.env.WEBHOOK_RETRY_DELAYS_MS = "150,150,150,150,150";
    }
  });

  it("a worker that dies holding a delivery: the lease runs out and another worker sends it", async () => {
    const m = await newMerchant();
    const r = await receiver((n) => (n === 1 ? 500 : 200));
    await setUrl(m, r.url);
    const tx = await pay(m, "order-crash");
    // The event's job fans out and makes the first attempt (refused): the retry is queued.
    await deliverUntil(() => r.received.length === 1, "fan-out-only", [WEBHOOK_QUEUE]);
    const delivery = await getDb()
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("tx_id", "=", tx.id)
      .executeTakeFirstOrThrow();
    const job = await getDb()
      .selectFrom("jobs")
      .selectAll()
      .where("payload", "=", JSON.stringify({ deliveryId: delivery.id }))
      .executeTakeFirstOrThrow();
    // "dead" leases the retry once it is due, for 100 ms, and never runs it (a crash).
    await vi.waitFor(
      async () =>
        expect((await claimJobs("dead-worker", [WEBHOOK_ATTEMPT_QUEUE], 100, 100)).map((j) => j.id)).toContain(job.id),
      { timeout: 15_000, interval: 20 },
    );
    await new Promise((res) => setTimeout(res, 150));
    await deliverUntil(() => r.received.length === 2, "rescuer");
    await deliverUntil(async () => (await notifications(m, "order-crash")).length === 2);
    expect((await notifications(m, "order-crash")).map((n) => n.status)).toEqual(["REQUEST_FAILED", "SUCCEEDED"]);
  });

  it("one run of the event's job makes the first attempt itself: no second job to wait for", async () => {
    const m = await newMerchant();
    const r = await receiver();
    await setUrl(m, r.url);
    const tx = await pay(m, "order-one-job", { noticeUrls: [r.url, `${r.url}/second`] });
    expect(await runWebhookEventHere(tx.id)).toBe(true);
    // Both addresses got their first attempt from that one run, and no attempt job is left over.
    expect(r.received).toHaveLength(2);
    const deliveries = await getDb()
      .selectFrom("webhook_deliveries")
      .select(["id", "state", "attempts"])
      .where("tx_id", "=", tx.id)
      .execute();
    expect(deliveries.map((d) => [d.state, d.attempts])).toEqual([
      ["SUCCEEDED", 1],
      ["SUCCEEDED", 1],
    ]);
    const attemptJobs = await getDb()
      .selectFrom("jobs")
      .select("id")
      .where(
        "payload",
        "in",
        deliveries.map((d) => JSON.stringify({ deliveryId: d.id })),
      )
      .execute();
    expect(attemptJobs).toEqual([]);
  });

  it("a fan-out stopped before its first attempts gives them back to the queue; a worker sends them", async () => {
    const m = await newMerchant();
    const r = await receiver();
    await setUrl(m, r.url);
    const tx = await pay(m, "order-fan-stopped");
    expect(await runWebhookEventHere(tx.id, { stopping: true })).toBe(true);
    expect(r.received).toHaveLength(0);
    const delivery = await getDb()
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("tx_id", "=", tx.id)
      .executeTakeFirstOrThrow();
    await vi.waitFor(
      async () =>
        expect(
          await getDb()
            .selectFrom("jobs")
            .select(["state", "locked_by", "attempts"])
            .where("payload", "=", JSON.stringify({ deliveryId: delivery.id }))
            .executeTakeFirstOrThrow(),
        ).toEqual({ state: "QUEUED", locked_by: null, attempts: 0 }),
      { timeout: 15_000, interval: 20 },
    );
    await deliverUntil(() => r.received.length === 1, "next-worker", [WEBHOOK_ATTEMPT_QUEUE]);
    await deliverUntil(async () => (await notifications(m, "order-fan-stopped")).length === 1);
    expect(r.received[0]!.headers["webhook-id"]).toBe(delivery.id);
  });

  it("a fan-out whose worker died before the first attempt: the attempt job's lease runs out and a worker sends it", async () => {
    const m = await newMerchant();
    const r = await receiver();
    await setUrl(m, r.url);
    const tx = await pay(m, "order-fan-died");
    const { createLeasedDelivery } = await import("@/lib/webhooks/deliveries");
    // What a fan-out commits before its first attempt, leased for 2 s (a margin over a loaded
    // machine's pauses) by a worker that then dies.
    const { delivery } = await withTransaction((t) =>
      createLeasedDelivery(
        t,
        {
          merchantId: m.merchant_id,
          storeId: m.store_id,
          paymentId: "order-fan-died",
          txId: tx.id,
          eventType: "Paid",
          url: r.url,
          urlSource: "STORE",
          trigger: "NOTIFICATION_SETTING",
          isAsync: true,
          body: "{}",
        },
        "dead-worker",
        2_000,
      ),
    );
    // The payment's own Paid event may reach `r` too (another file's drain fans it out): count this delivery's.
    const mine = () => r.received.filter((h) => h.headers["webhook-id"] === delivery.id);
    await drainOnce("early", [WEBHOOK_ATTEMPT_QUEUE]);
    expect(mine()).toHaveLength(0); // still leased: no worker takes it yet
    await new Promise((res) => setTimeout(res, 2_100));
    await deliverUntil(() => mine().length === 1, "rescuer", [WEBHOOK_ATTEMPT_QUEUE]);
  });

  it("an event job run twice makes its deliveries once: the fan-out ends the job in its own commit", async () => {
    const { fanOutWebhookJob } = await import("@/lib/webhooks/fan-out");
    const { claimJob } = await import("@/lib/jobs/repository/queue");
    const m = await newMerchant();
    const r = await receiver();
    await setUrl(m, r.url);
    const tx = await pay(m, "order-fan-twice");
    const queued = await getDb()
      .selectFrom("jobs")
      .select("id")
      .where("queue", "=", WEBHOOK_QUEUE)
      .where("payload", "like", `%${tx.id}%`)
      .executeTakeFirstOrThrow();
    const job = (await claimJob(queued.id, "fan-twice", 60_000))!;
    expect(job).not.toBeNull();
    const lease = { signal: new AbortController().signal };
    expect(await fanOutWebhookJob(JSON.parse(job.payload), job, lease)).toEqual({ completed: true });
    // The job row went with the fan-out's commit: no worker can run it again.
    expect(await getDb().selectFrom("jobs").select("id").where("id", "=", job.id).execute()).toEqual([]);
    // A run that still believes it holds the job (a stale worker) records nothing.
    expect(await fanOutWebhookJob(JSON.parse(job.payload), job, lease)).toBeUndefined();
    const deliveries = await getDb()
      .selectFrom("webhook_deliveries")
      .select(["id", "created_at"])
      .where("tx_id", "=", tx.id)
      .execute();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.created_at).toBe(job.created_at);
    expect(r.received).toHaveLength(1);
  });

  it("rotating the secret with an overlap sends both signatures; without overlap only the new one", async () => {
    const m = await newMerchant();
    const r = await receiver();
    const endpointId = await setUrl(m, r.url);
    const oldSecret = await secretOf(m);
    const { secret: newSecret } = await rotateEndpointSecret({
      ctx: ctxOf(m),
      input: { id: endpointId, overlapHours: 24 },
    });
    expect(newSecret).not.toBe(oldSecret);
    await pay(m, "order-rotate-1");
    await deliverUntil(() => r.received.length === 1);
    const overlap = r.received[0]!;
    expect(overlap.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(oldSecret).verify(overlap.body, overlap.headers)).not.toThrow();
    expect(() => new Webhook(newSecret).verify(overlap.body, overlap.headers)).not.toThrow();

    const { secret: latest } = await rotateEndpointSecret({
      ctx: ctxOf(m),
      input: { id: endpointId, overlapHours: 0 },
    });
    await pay(m, "order-rotate-2");
    await deliverUntil(() => r.received.length === 2);
    const after = r.received[1]!;
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(() => new Webhook(latest).verify(after.body, after.headers)).not.toThrow();
    expect(() => new Webhook(newSecret).verify(after.body, after.headers)).toThrow();
  });

  it("refuses loopback addresses when private addresses are not allowed (the default)", async () => {
    const m = await newMerchant();
    const r = await receiver();
    process.env.WEBHOOK_ALLOW_PRIVATE = "false";
    try {
      await expect(createEndpoint({ ctx: ctxOf(m), input: { url: r.url, events: "all" } })).rejects.toMatchObject({
        code: "INVALID_REQUEST",
        params: { field: "url", reason: "PRIVATE_ADDRESS" },
      });
      await expect(
        createEndpoint({ ctx: ctxOf(m), input: { url: "http://localhost:9/x", events: "all" } }),
      ).rejects.toMatchObject({ code: "INVALID_REQUEST", params: { field: "url", reason: "PRIVATE_ADDRESS" } });
      const tx = await pay(m, "order-ssrf", { noticeUrls: [r.url, "http://localhost:9/hook"] });
      // Run here: another file's drain would run it with private addresses allowed.
      expect(await runWebhookEventHere(tx.id)).toBe(true);
      const states = (
        await getDb().selectFrom("webhook_deliveries").select("state").where("tx_id", "=", tx.id).execute()
      ).map((d) => d.state);
      expect(states).toEqual(["FAILED", "FAILED"]);
      const list = await notifications(m, "order-ssrf");
      expect(list).toHaveLength(2);
      expect(list.every((n) => n.status === "CONNECT_FAILED" && n.current_execution === 1)).toBe(true);
      expect(r.received).toHaveLength(0);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    }
  });
});

describe("POST /v2/payments/{payment_id}/resend-webhook", () => {
  async function paidWithWebhook(paymentId: string, respond?: (n: number) => number) {
    const m = await newMerchant();
    const r = await receiver(respond);
    await setUrl(m, r.url);
    const tx = await pay(m, paymentId);
    await deliverUntil(async () => (await notifications(m, paymentId)).length === 1);
    return { m, r, tx };
  }

  it("resends the latest webhook of the primary transaction (MANUAL) and answers {tx_id, webhook_id, payment}", async () => {
    const { m, r, tx } = await paidWithWebhook("resend-default");
    const res = await m.api.post("/v2/payments/resend-default/resend-webhook", {});
    expect(res.status).toBe(200);
    expect(res.body.tx_id).toBe(tx.id);
    expect(res.body.payment.id).toBe("resend-default");
    expect(r.received).toHaveLength(2);
    expect(JSON.parse(r.received[1]!.body)).toEqual({ tx_id: tx.id, payment_id: "resend-default", status: "Paid" });
    expect(() => new Webhook(m.webhook_secret).verify(r.received[1]!.body, r.received[1]!.headers)).not.toThrow();
    const list = res.body.payment.transactions[0].notifications;
    const manual = list.find((n: Json) => n.webhook.id === res.body.webhook_id)?.webhook;
    expect(manual).toMatchObject({
      status: "SUCCEEDED",
      webhook_trigger: "MANUAL",
      is_async: false,
      current_execution: 1,
      max_execution: 1,
      type: "PAID",
    });
  });

  it("resends a chosen webhook of a chosen transaction, with store_id", async () => {
    const { m, r, tx } = await paidWithWebhook("resend-chosen");
    const [n] = await notifications(m, "resend-chosen");
    const res = await m.api.post(`/v2/payments/resend-chosen/resend-webhook?store_id=${m.store_id}`, {
      tx_id: tx.id,
      webhook_id: n.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.webhook_id).toEqual(expect.any(String));
    expect(res.body.webhook_id).not.toBe(n.id);
    expect(r.received).toHaveLength(2);
  });

  it("after the URL is set later, a payment that had no webhook gets its current status sent", async () => {
    const m = await newMerchant();
    const tx = await pay(m, "resend-late");
    const r = await receiver();
    await setUrl(m, r.url);
    const res = await m.api.post("/v2/payments/resend-late/resend-webhook", {});
    expect(res.status).toBe(200);
    expect(JSON.parse(r.received[0]!.body)).toEqual({ tx_id: tx.id, payment_id: "resend-late", status: "Paid" });
  });

  it("400 INVALID_REQUEST for an unknown tx_id, an unknown webhook_id, or no webhook address", async () => {
    const { m } = await paidWithWebhook("resend-bad");
    const badTx = await m.api.post("/v2/payments/resend-bad/resend-webhook", { tx_id: "tx-nope" });
    expect(badTx.status).toBe(400);
    expect(badTx.body).toEqual({
      code: "INVALID_REQUEST",
      params: expect.objectContaining({ message: expect.stringContaining("tx_id") }),
    });
    const badHook = await m.api.post("/v2/payments/resend-bad/resend-webhook", { webhook_id: "webhook-nope" });
    expect(badHook.status).toBe(400);
    expect(badHook.body).toEqual({
      code: "INVALID_REQUEST",
      params: expect.objectContaining({ message: expect.stringContaining("webhook_id") }),
    });
    const wrongType = await m.api.post("/v2/payments/resend-bad/resend-webhook", { tx_id: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.code).toBe("INVALID_REQUEST");

    const silent = await newMerchant();
    await pay(silent, "resend-nowhere");
    const none = await silent.api.post("/v2/payments/resend-nowhere/resend-webhook", {});
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      code: "INVALID_REQUEST",
      params: expect.objectContaining({ message: expect.stringContaining("no webhook address") }),
    });
  });

  it("500 WEBHOOK_ERROR when the receiver fails; the attempt is recorded", async () => {
    const { m, r } = await paidWithWebhook("resend-fail", (n) => (n === 1 ? 200 : 502));
    const res = await m.api.post("/v2/payments/resend-fail/resend-webhook", {});
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "WEBHOOK_ERROR",
      params: expect.objectContaining({ webhook_id: expect.any(String), status: "REQUEST_FAILED" }),
    });
    expect(r.received).toHaveLength(2);
    const list = await notifications(m, "resend-fail");
    expect(list.at(-1)).toMatchObject({
      id: res.body.params.webhook_id,
      status: "REQUEST_FAILED",
      webhook_trigger: "MANUAL",
    });
  });

  it("401 without credentials; 404 PAYMENT_NOT_FOUND for an unknown payment and across tenants", async () => {
    const { m } = await paidWithWebhook("resend-tenant");
    const { callApi } = await import("@/lib/testing/api");
    const anon = await callApi("POST", "/v2/payments/resend-tenant/resend-webhook", { body: {} });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe("UNAUTHORIZED");
    const unknown = await m.api.post("/v2/payments/nope/resend-webhook", {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: "PAYMENT_NOT_FOUND", params: expect.any(Object) });
    const other = await newMerchant();
    const cross = await other.api.post("/v2/payments/resend-tenant/resend-webhook", {});
    expect(cross.status).toBe(404);
    expect(cross.body.code).toBe("PAYMENT_NOT_FOUND");
    const crossStore = await other.api.post(`/v2/payments/resend-tenant/resend-webhook?store_id=${m.store_id}`, {});
    expect(crossStore.status).toBe(404);
    expect(crossStore.body.code).toBe("PAYMENT_NOT_FOUND");

    // A key limited to another store of the same merchant does not see this store's payment.
    const { insertStore } = await import("@/lib/tenancy/insert-store");
    const { createApiKey } = await import("@/lib/auth/api-keys");
    const second = await insertStore(getDb(), { merchantId: m.merchant_id, name: "second", isDefault: false });
    const limited = await createApiKey({ merchantId: m.merchant_id, storeId: second.id, name: "limited" });
    const denied = await callApi("POST", `/v2/payments/resend-tenant/resend-webhook?store_id=${m.store_id}`, {
      body: {},
      headers: { authorization: `PortOne ${limited.apiKey}` },
    });
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual({ code: "PAYMENT_NOT_FOUND", params: expect.any(Object) });
  });
});

describe("delivery log (dashboard services)", () => {
  it("filters by status, event, URL and date; resends one; resends every match; stays within the tenant", async () => {
    const { listDeliveries } = await import("@/lib/webhooks/list-deliveries");
    const { listDeliveryAttempts } = await import("@/lib/webhooks/list-delivery-attempts");
    const { resendDelivery } = await import("@/lib/webhooks/resend-delivery");
    const { resendMatching } = await import("@/lib/webhooks/resend-matching");
    const { getWebhookSettings } = await import("@/lib/webhooks/settings");
    const { sendEndpointTest } = await import("@/lib/webhooks/endpoint-test");
    const m = await newMerchant();
    const ok = await receiver();
    const down = await receiver(() => 500);
    const endpointId = await setUrl(m, ok.url);
    await pay(m, "log-1");
    await pay(m, "log-2", { outcome: "failed" });
    await pay(m, "log-3", { noticeUrls: [down.url] });
    const test = await sendEndpointTest({ ctx: ctxOf(m), input: { id: endpointId } });
    expect(test.attempt).toMatchObject({
      status: "SUCCEEDED",
      responseCode: 200,
      requestBody: '{"tx_id":null,"payment_id":null,"status":"Test","test":true}',
    });
    await deliverUntil(
      async () => (await listDeliveries({ ctx: ctxOf(m), input: { state: "FAILED", page: 0, limit: 20 } })).total === 1,
    );

    const list = (input: Parameters<typeof listDeliveries>[0]["input"]) => listDeliveries({ ctx: ctxOf(m), input });
    expect((await list({ page: 0, limit: 20 })).total).toBe(4);
    expect((await list({ page: 0, limit: 2 })).items).toHaveLength(2);
    expect((await list({ event: "Failed", page: 0, limit: 20 })).items.map((d) => d.paymentId)).toEqual(["log-2"]);
    expect(
      (await list({ state: "FAILED", page: 0, limit: 20 })).items.map((d) => [d.paymentId, d.attempts, d.lastCode]),
    ).toEqual([["log-3", 6, 500]]);
    expect((await list({ url: down.url.slice(7, 30).toUpperCase(), page: 0, limit: 20 })).total).toBeGreaterThanOrEqual(
      1,
    );
    expect((await list({ url: "100%_nothing", page: 0, limit: 20 })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ from: today, to: today, page: 0, limit: 20 })).total).toBe(4);
    expect((await list({ to: "2020-01-01", page: 0, limit: 20 })).total).toBe(0);

    const failed = (await list({ state: "FAILED", page: 0, limit: 1 })).items[0]!;
    const attempts = await listDeliveryAttempts({ ctx: ctxOf(m), input: { id: failed.id } });
    expect(attempts.map((a) => a.execution)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(attempts[0]!.requestHeader["webhook-id"]).toBe(failed.id);
    expect(attempts[0]!.responseBody).toBe("nope");

    // Resending a notice_urls delivery goes to the same address; the receiver now answers 200.
    down.respondWith(() => 200);
    const again = await resendDelivery({ ctx: ctxOf(m), input: { id: failed.id } });
    expect(again.attempt).toMatchObject({ status: "SUCCEEDED" });
    const queued = await resendMatching({ ctx: ctxOf(m), input: { event: "Paid" } });
    expect(queued.queued).toBe(3);
    await deliverUntil(async () => (await list({ state: "PENDING", page: 0, limit: 20 })).total === 0);
    expect((await list({ event: "Paid", state: "SUCCEEDED", page: 0, limit: 20 })).total).toBe(5);

    const other = await newMerchant();
    expect((await listDeliveries({ ctx: ctxOf(other), input: { page: 0, limit: 20 } })).total).toBe(0);
    await expect(listDeliveryAttempts({ ctx: ctxOf(other), input: { id: failed.id } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(resendDelivery({ ctx: ctxOf(other), input: { id: failed.id } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await getWebhookSettings({ ctx: { ...ctxOf(m), role: "VIEWER" } })).secret).toBeNull();
    expect((await getWebhookSettings({ ctx: ctxOf(m) })).secret).toBe(await secretOf(m));
  });
});
