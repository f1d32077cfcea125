import { afterAll, describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";
import { listChannelHealth, openCircuits } from "./health";

/**
 * The circuit per channel and channel health, driven through the payment API on the sandbox:
 * failures without an answer open the circuit, an open circuit refuses without calling the PG,
 * a probe after the pause closes it, and the hour's calls give the health figures.
 */
const saved = { failures: process.env.CHANNEL_CIRCUIT_FAILURES, pause: process.env.CHANNEL_CIRCUIT_PAUSE_MS };
process.env.CHANNEL_CIRCUIT_FAILURES = "3";
process.env.CHANNEL_CIRCUIT_PAUSE_MS = "1500";
process.env.PROVIDER_TIMEOUT_MS = "400";
afterAll(() => {
  process.env.CHANNEL_CIRCUIT_FAILURES = saved.failures;
  process.env.CHANNEL_CIRCUIT_PAUSE_MS = saved.pause;
});

type Merchant = ReturnType<typeof inProcess<Awaited<ReturnType<typeof newMerchant>>>>;

async function merchant() {
  const m = inProcess(await newMerchant());
  const ctx: AuthContext = {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
    role: "OWNER",
  };
  return { m, ctx };
}

function pay(m: Merchant, orderName = "Order", card = "4242424242424242") {
  return m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, cardPayBody(m, card, { order_name: orderName }));
}

const tossHealth = async (ctx: AuthContext, m: Merchant) => {
  const key = m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
  return (await listChannelHealth({ ctx })).find((h) => h.key === key)!;
};

describe("a channel's circuit, shared through the database", () => {
  it("opens after N failures in a row, refuses without calling the PG, probes after the pause and closes", async () => {
    const { m, ctx } = await merchant();
    for (let i = 0; i < 3; i++) await pay(m, "Order [sandbox:network]");
    let health = await tossHealth(ctx, m);
    expect(health.circuit).toMatchObject({ state: "OPEN", consecutiveFailures: 3, blocking: true });
    expect(await openCircuits({ ctx })).toEqual([expect.objectContaining({ key: health.key })]);

    const refused = await pay(m);
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ code: "PG_PROVIDER_ERROR", params: { pg_code: "CHANNEL_CIRCUIT_OPEN" } });

    await new Promise((r) => setTimeout(r, 1600));
    const probe = await pay(m);
    expect(probe.status).toBe(200);
    health = await tossHealth(ctx, m);
    expect(health.circuit).toMatchObject({ state: "CLOSED", consecutiveFailures: 0, blocking: false });
    expect(await openCircuits({ ctx })).toEqual([]);
  });

  it("a failed probe opens the circuit again for another pause", async () => {
    const { m, ctx } = await merchant();
    for (let i = 0; i < 3; i++) await pay(m, "Order [sandbox:network]");
    const openedAt = (await tossHealth(ctx, m)).circuit.openedAt!;
    await new Promise((r) => setTimeout(r, 1600));
    await pay(m, "Order [sandbox:network]");
    const health = await tossHealth(ctx, m);
    expect(health.circuit.state).toBe("OPEN");
    expect(health.circuit.openedAt).toBeGreaterThan(openedAt);
    expect((await pay(m)).body).toMatchObject({ params: { pg_code: "CHANNEL_CIRCUIT_OPEN" } });
  });

  it("declines and answers reset the count: only failures in a row open it", async () => {
    const { m, ctx } = await merchant();
    await pay(m, "Order [sandbox:network]");
    await pay(m, "Order [sandbox:network]");
    await pay(m, "Order", "4000000000000002");
    await pay(m, "Order [sandbox:network]");
    const health = await tossHealth(ctx, m);
    expect(health.circuit).toMatchObject({ state: "CLOSED", consecutiveFailures: 1 });
  });
});

describe("channel health over the last hour", () => {
  it("success rate, decline rate, failures and p95 latency from the channel's payment calls", async () => {
    const { m, ctx } = await merchant();
    await pay(m);
    await pay(m);
    await pay(m, "Order", "4000000000000002");
    await pay(m, "Order [sandbox:network]");
    const health = await tossHealth(ctx, m);
    expect(health.calls).toBe(4);
    expect(health.successRate).toBeCloseTo(0.5);
    expect(health.declineRate).toBeCloseTo(0.25);
    expect(health.failureRate).toBeCloseTo(0.25);
    expect(health.p95LatencyMs).not.toBeNull();
    const idle = (await listChannelHealth({ ctx })).find((h) => h.pgProvider === "KCP")!;
    expect(idle).toMatchObject({ calls: 0, successRate: null, p95LatencyMs: null, circuit: { state: "CLOSED" } });
  });

  it("another store's channels are not in the list", async () => {
    const a = await merchant();
    const b = await merchant();
    const keys = (await listChannelHealth({ ctx: a.ctx })).map((h) => h.key);
    for (const c of b.m.channels) expect(keys).not.toContain(c.key);
  });
});
