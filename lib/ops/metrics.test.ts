import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as scrape } from "@/app/metrics/route";
import { dialect, getDb } from "@/lib/db/client";
import { enqueue } from "@/lib/jobs/queue";
import { drainOnce } from "@/lib/jobs/worker";
import { listStoreChannels } from "@/lib/channels/repository";
import { AUTO_ISSUE_QUEUE } from "@/lib/cash-receipts/auto-issue";
import { withTransaction } from "@/lib/db/client";
import { createDelivery, eventBody } from "@/lib/webhooks/deliveries";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { startAttempt } from "@/lib/payments/pay/start-attempt";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { attemptPayment } from "@/lib/testing/attempt-payment";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { startWebhookReceiver } from "@/lib/testing/webhook-receiver";

const TOKEN = "metrics-test-token-0123456789";

function request(authorization?: string) {
  return new Request("http://localhost/metrics", { headers: authorization ? { authorization } : {} });
}

/** Prometheus text → { 'name{labels}': value }. */
async function sample(): Promise<Map<string, number>> {
  const res = await scrape(request(`Bearer ${TOKEN}`));
  expect(res.status).toBe(200);
  const out = new Map<string, number>();
  for (const line of (await res.text()).split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const cut = line.lastIndexOf(" ");
    out.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return out;
}

function value(samples: Map<string, number>, name: string, labels: Record<string, string>): number | undefined {
  const key = `${name}{${Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(",")}}`;
  return samples.get(key);
}

describe("/metrics without METRICS_TOKEN", () => {
  it("does not exist (404), so nothing is exposed by default", async () => {
    delete process.env.METRICS_TOKEN;
    const res = await scrape(request(`Bearer ${TOKEN}`));
    expect(res.status).toBe(404);
  });
});

describe("/metrics with METRICS_TOKEN", () => {
  beforeAll(() => {
    process.env.METRICS_TOKEN = TOKEN;
  });
  afterAll(() => {
    delete process.env.METRICS_TOKEN;
  });

  it("answers 401 without the bearer token or with a wrong one", async () => {
    for (const header of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(request(header));
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
    }
  });

  it("serves the Prometheus text format with process metrics", async () => {
    const res = await scrape(request(`Bearer ${TOKEN}`));
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await res.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
  });

  it("counts API requests per route template, method and status, with a latency histogram", async () => {
    const m = await newMerchant();
    expect((await m.api.get("/v2/channels")).status).toBe(200);
    expect((await m.api.get("/v2/payments/no-such-payment")).status).toBe(404);
    const s = await sample();
    expect(
      value(s, "http_request_duration_seconds_count", { method: "GET", route: "/v2/channels", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(s, "http_request_duration_seconds_count", {
        method: "GET",
        route: "/v2/payments/[payment_id]",
        status: "404",
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(s, "http_request_duration_seconds_bucket", {
        le: "+Inf",
        method: "GET",
        route: "/v2/channels",
        status: "200",
      }),
    ).toBeGreaterThanOrEqual(1);
    // Labels are route templates: no payment id, no tenant id.
    expect([...s.keys()].some((k) => k.includes("no-such-payment") || k.includes(m.merchant_id))).toBe(false);
  });

  it("times provider calls by provider, mode, operation and outcome (ok / refused)", async () => {
    const m = await newMerchant();
    expect((await m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, cardPayBody(m))).status).toBe(200);
    expect(
      (await m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, cardPayBody(m, SANDBOX_CARDS.DECLINED))).status,
    ).toBe(500);
    const s = await sample();
    const labels = { provider: "TOSSPAYMENTS", mode: "TEST", operation: "approveCard" };
    expect(value(s, "provider_call_duration_seconds_count", { ...labels, outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(value(s, "provider_call_duration_seconds_count", { ...labels, outcome: "refused" })).toBeGreaterThanOrEqual(
      1,
    );
  });

  it("shows each called channel's last hour: calls by outcome, p95 latency and its circuit", async () => {
    const m = await newMerchant();
    const channel = (await listStoreChannels(m.merchant_id, m.store_id, "payment")).find(
      (c) => c.pg_provider === "TOSSPAYMENTS",
    )!;
    await m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, cardPayBody(m));
    await m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, cardPayBody(m, SANDBOX_CARDS.DECLINED));
    const s = await sample();
    const labels = { channel: channel.id, provider: "TOSSPAYMENTS", mode: "TEST" };
    expect(value(s, "channel_calls_last_hour", { ...labels, outcome: "SUCCEEDED" })).toBe(1);
    expect(value(s, "channel_calls_last_hour", { ...labels, outcome: "DECLINED" })).toBe(1);
    expect(value(s, "channel_calls_last_hour", { ...labels, outcome: "FAILED" })).toBe(0);
    expect(value(s, "channel_latency_p95_seconds", labels)).toBeGreaterThanOrEqual(0);
    expect(value(s, "channel_circuit_open", { ...labels, state: "CLOSED" })).toBe(0);
  });

  it("shows unsettled payment attempts with the age of the oldest, and both kinds even at zero", async () => {
    const m = await newMerchant();
    const channel = (await listStoreChannels(m.merchant_id, m.store_id)).find((c) => c.is_for_payment === 1)!;
    await startAttempt({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      paymentId: newPaymentId(),
      channel,
      method: "CARD",
      orderName: "Left pending",
      currency: "KRW",
      totalAmount: 1000,
      taxFreeAmount: 0,
      customer: {},
      origin: { platform_type: "API", ip_address: "127.0.0.1" },
    });
    const s = await sample();
    expect(value(s, "payments_unsettled", { kind: "transaction" })).toBeGreaterThanOrEqual(1);
    expect(value(s, "payments_unsettled_oldest_age_seconds", { kind: "transaction" })).toBeGreaterThanOrEqual(0);
    expect(value(s, "payments_unsettled", { kind: "cancellation" })).toBeGreaterThanOrEqual(0);
  });

  it("shows each queue's backlog and age, and counts the jobs this process ran by outcome", async () => {
    const queue = `ops-metrics-test-${process.pid}`;
    await enqueue(getDb(), { queue, payload: {}, runAt: Date.now() - 5_000 });
    // Counters are per process: a queue no other test file drains, so this process runs the job.
    await enqueue(getDb(), { queue: AUTO_ISSUE_QUEUE, payload: { transactionId: "tx-that-does-not-exist" } });
    await drainOnce(`metrics-test-${process.pid}`, [AUTO_ISSUE_QUEUE]);
    const s = await sample();
    expect(value(s, "jobs_ready", { queue })).toBe(1);
    expect(value(s, "job_oldest_ready_age_seconds", { queue })).toBeGreaterThanOrEqual(5);
    // Every known queue is reported, idle ones at zero, so alerts never see a missing series.
    expect(value(s, "jobs_running", { queue: "webhook.attempt" })).toBeGreaterThanOrEqual(0);
    expect(value(s, "job_runs_total", { queue: AUTO_ISSUE_QUEUE, outcome: "done" })).toBeGreaterThanOrEqual(1);
  });

  it("counts webhook attempts and finished deliveries by outcome", async () => {
    const m = await newMerchant();
    const receiver = await startWebhookReceiver();
    try {
      const paid = await attemptPayment({ merchantId: m.merchant_id, storeId: m.store_id, paymentId: newPaymentId() });
      const { delivery } = await withTransaction(async (tx) => {
        const created = await createDelivery(tx, {
          merchantId: m.merchant_id,
          storeId: m.store_id,
          paymentId: paid.payment_id,
          txId: paid.id,
          eventType: "Paid",
          url: receiver.url,
          urlSource: "NOTICE_URLS",
          trigger: "NOTIFICATION_SETTING",
          isAsync: true,
          body: eventBody({ tx_id: paid.id, payment_id: paid.payment_id, status: "Paid" }),
        });
        // Counters are per process, and other test files drain webhook jobs: this test makes the attempt itself.
        await tx
          .updateTable("jobs")
          .set({ run_at: Date.now() + 3_600_000 })
          .where("id", "=", created.jobId)
          .execute();
        return created;
      });
      expect((await attemptDelivery(delivery.id))?.attempt.status).toBe("SUCCEEDED");
      const s = await sample();
      expect(value(s, "webhook_attempts_total", { outcome: "SUCCEEDED" })).toBeGreaterThanOrEqual(1);
      expect(value(s, "webhook_deliveries_total", { outcome: "succeeded" })).toBeGreaterThanOrEqual(1);
    } finally {
      await receiver.close();
    }
  });

  it("shows database contention: SQLite write-lock waits, PostgreSQL pool occupancy", async () => {
    await newMerchant();
    const s = await sample();
    if (dialect() === "sqlite") expect(s.get("db_lock_wait_seconds_count")).toBeGreaterThanOrEqual(1);
    else expect(value(s, "db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
  });
});
