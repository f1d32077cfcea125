import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { clearTossOrderLookups } from "@/lib/payments/virtual-account/toss-order-lookups";
import { callApi } from "@/lib/testing/api";
import { newPaymentId, virtualAccountPayBody } from "@/lib/testing/payments";
import { merchantWithLiveToss } from "@/lib/testing/toss-live";
import { startTossFake, type TossFake } from "../toss-fake/server";

/**
 * The public DEPOSIT_CALLBACK cannot be used to make us call Toss at will,
 * to probe order ids, or to hold connections while Toss is slow.
 */
let fake: TossFake;
const LOOKUP = "GET /v1/payments/orders/:orderId";
// The suite's settings (lib/testing/test-env.ts), restored after a test sets its own.
const SETTINGS = Object.fromEntries(
  [
    "DEPOSIT_CALLBACK_FAILURES_PER_ADDRESS",
    "DEPOSIT_CALLBACK_FAILURES_PER_ORDER",
    "DEPOSIT_CALLBACK_LOOKUPS_PER_CHANNEL",
  ].map((name) => [name, process.env[name]]),
);

beforeAll(async () => {
  fake = await startTossFake({});
  process.env.TOSS_API_BASE = fake.baseUrl;
});
afterAll(async () => {
  delete process.env.TOSS_API_BASE;
  await fake.close();
});
beforeEach(() => clearTossOrderLookups());
afterEach(() => {
  for (const [name, value] of Object.entries(SETTINGS)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  process.env.TOSS_API_BASE = fake.baseUrl;
});

/** A fresh client address per test: in-process requests carry the address they are given. */
function newAddress(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `198.51.${n()}.${n()}`;
}

const callback = (body: unknown, address: string) =>
  callApi("POST", "/api/providers/tosspayments/deposit-callback", {
    body,
    headers: { "x-forwarded-for": address },
    inProcess: true,
  });

// Toss issues a virtual account only with the customer's name.
const PAYER = { customer_name: { full_name: "Hong Gildong" } };

async function issuedAccounts(count: number) {
  const m = await merchantWithLiveToss();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      virtualAccountPayBody(m, { channel_key: m.live.key, customer: PAYER }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const payment = await m.api.get(`/v2/payments/${id}`);
    ids.push(payment.body.payment.transactions[0].id);
  }
  return { m, txIds: ids };
}

describe("the deposit callback's limits", () => {
  it("an unknown order and a forged secret answer alike: same status, same body", async () => {
    const { txIds } = await issuedAccounts(1);
    const address = newAddress();
    const unknown = await callback({ secret: "ps_forged", status: "DONE", orderId: `tx-${newId()}` }, address);
    const forged = await callback({ secret: "ps_forged", status: "DONE", orderId: txIds[0] }, address);
    expect(unknown.status).toBe(401);
    expect(forged.status).toBe(unknown.status);
    expect(forged.body).toEqual(unknown.body);
  });

  it("repeated callbacks for one order make one call to Toss; a genuine one still pays after forged ones", async () => {
    const { m, txIds } = await issuedAccounts(1);
    const orderId = txIds[0]!;
    const before = fake.hits.get(LOOKUP) ?? 0;
    const forged = await Promise.all(
      Array.from({ length: 8 }, () => callback({ secret: "ps_forged", status: "DONE", orderId }, newAddress())),
    );
    expect(forged.map((r) => r.status)).toEqual(Array(8).fill(401));
    expect((fake.hits.get(LOOKUP) ?? 0) - before).toBe(1);
    // The kept answer says "waiting": a verified callback asks Toss again and sees the deposit.
    const genuine = fake.deposit(m.live.secretKey, orderId);
    const paid = await callback(genuine, newAddress());
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toEqual({ result: "PAID" });
    expect((fake.hits.get(LOOKUP) ?? 0) - before).toBe(2);
    expect((await callback(genuine, newAddress())).body).toEqual({ result: "ALREADY_PAID" });
  });

  it("unverifiable callbacks are throttled per client address, and per order across addresses; genuine ones do not count", async () => {
    process.env.DEPOSIT_CALLBACK_FAILURES_PER_ADDRESS = "3";
    process.env.DEPOSIT_CALLBACK_FAILURES_PER_ORDER = "3";
    const { m, txIds } = await issuedAccounts(2);
    const prober = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await callback({ secret: "ps_x", status: "DONE", orderId: `tx-${newId()}` }, prober)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const throttled = await callback({ secret: "ps_x", status: "DONE", orderId: `tx-${newId()}` }, prober);
    expect(throttled.body.code).toBe("TOO_MANY_REQUESTS");
    expect(throttled.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await callback({ secret: "ps_x", status: "DONE", orderId: `tx-${newId()}` }, newAddress())).status).toBe(
      401,
    );
    // One order, forged from a new address each time.
    const orderId = txIds[0]!;
    const perOrder: number[] = [];
    for (let i = 0; i < 4; i++)
      perOrder.push((await callback({ secret: "ps_forged", status: "DONE", orderId }, newAddress())).status);
    expect(perOrder).toEqual([401, 401, 401, 429]);
    // Genuine callbacks are forgiven: many from one address never reach the limit.
    const other = txIds[1]!;
    const toss = newAddress();
    const genuine = fake.deposit(m.live.secretKey, other);
    for (let i = 0; i < 5; i++) expect((await callback(genuine, toss)).status).toBe(200);
  });

  it("at most DEPOSIT_CALLBACK_LOOKUPS_PER_CHANNEL look-ups wait on a slow Toss; the rest are answered 429 at once, so Toss retries", async () => {
    const { txIds } = await issuedAccounts(5);
    process.env.DEPOSIT_CALLBACK_LOOKUPS_PER_CHANNEL = "2";
    const held: ServerResponse[] = [];
    const slowToss: Server = createServer((_req, res) => held.push(res));
    await new Promise<void>((resolve) => slowToss.listen(0, "127.0.0.1", resolve));
    process.env.TOSS_API_BASE = `http://127.0.0.1:${(slowToss.address() as AddressInfo).port}`;
    try {
      const pending = txIds.map((orderId) => callback({ secret: "ps_forged", status: "DONE", orderId }, newAddress()));
      const started = Date.now();
      const settled = await Promise.all(
        pending.map((p) =>
          Promise.race([p.then((r) => r.status), new Promise((r) => setTimeout(() => r("waiting"), 1_500))]),
        ),
      );
      expect(settled.filter((s) => s === 429)).toHaveLength(3);
      expect(settled.filter((s) => s === "waiting")).toHaveLength(2);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(held).toHaveLength(2);
      for (const res of held) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: "NOT_FOUND_PAYMENT", message: "not found" }));
      }
      const finished = (await Promise.all(pending)).map((r) => r.status).sort();
      expect(finished).toEqual([401, 401, 429, 429, 429]);
    } finally {
      slowToss.closeAllConnections();
      await new Promise((resolve) => slowToss.close(resolve));
    }
  });
});
