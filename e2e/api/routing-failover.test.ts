import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { lookUpNow } from "@/lib/payments/unsettled/sweep";
import { passCallDeadline } from "@/lib/testing/call-deadline";
import { createChannelGroup } from "@/lib/routing/groups";
import { paymentRouting } from "@/lib/routing/route-payment";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { chargesAtProvider } from "@/lib/testing/provider-ledger";
import { cardPayBody, newPaymentId, virtualAccountPayBody } from "@/lib/testing/payments";
import { TEST_WEBHOOK_URL, webhookEvents } from "@/lib/testing/webhook-events";
import { merchantWithLiveToss, ownerContext } from "@/lib/testing/toss-live";
import { startTossFake, type TossFake } from "../toss-fake/server";

/**
 * Payments through a channel group (docs/routing.md): another channel is tried only after a try
 * that certainly moved no money — one test per such cause — and never after a timeout, a lost or
 * unreadable answer, a 5xx or a decline (one test each). Each try is its own attempt under the
 * payment; the transaction's channel is the one actually used; the provider holds one charge.
 * In-process: the adapters run here (PROVIDER_TIMEOUT_MS, TOSS_API_BASE are this process's).
 */
process.env.PROVIDER_TIMEOUT_MS = "400";
const originalTossBase = process.env.TOSS_API_BASE;
let fake: TossFake;
let plain: Server;
const plainSockets = new Set<Socket>();
beforeAll(async () => {
  fake = await startTossFake({ slowMs: 1_200 });
  process.env.TOSS_API_BASE = fake.baseUrl;
  // Answers plain text to anyone: a TLS client never gets a session from it.
  plain = createServer((socket) => {
    plainSockets.add(socket);
    socket.on("error", () => undefined);
    socket.write("HTTP/1.1 400 Bad Request\r\n\r\n");
  });
  await new Promise<void>((done) => plain.listen(0, "127.0.0.1", done));
});
afterAll(async () => {
  process.env.TOSS_API_BASE = originalTossBase;
  await fake.close();
  for (const socket of plainSockets) socket.destroy();
  await new Promise((done) => plain.close(done));
});

type Merchant = ReturnType<typeof inProcess<Awaited<ReturnType<typeof newMerchant>>>>;
const keyOf = (m: Pick<Merchant, "channels">, pg: string) => m.channels.find((c) => c.pg_provider === pg)!.key;

/** A group that always draws `first` (the other has weight 0: tried only on failover). */
async function group(m: { merchant_id: string; store_id: string }, first: string, second: string) {
  const created = await createChannelGroup({
    ctx: ownerContext(m),
    input: {
      name: "Failover",
      targets: [
        { channel_key: first, weight: 1 },
        { channel_key: second, weight: 0 },
      ],
      rules: [],
    },
  });
  return created.key;
}

/** The channel's circuit as another process left it: open, just now. */
async function openCircuit(channelKey: string) {
  const channel = await getDb()
    .selectFrom("channels")
    .select("id")
    .where("key", "=", channelKey)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  await getDb()
    .insertInto("channel_circuits")
    .values({
      channel_id: channel.id,
      state: "OPEN",
      consecutive_failures: 5,
      opened_at: now,
      probe_started_at: null,
      updated_at: now,
    })
    .execute();
}

async function attempts(m: { merchant_id: string }, paymentId: string) {
  return getDb()
    .selectFrom("transactions")
    .select(["id", "status", "is_primary", "channel_id", "channel"])
    .where("merchant_id", "=", m.merchant_id)
    .where("payment_id", "=", paymentId)
    .orderBy("created_at")
    .execute();
}

const channelKeyOf = (row: { channel: string | null }) => (JSON.parse(row.channel ?? "{}") as { key?: string }).key;

/** Asserts the payment was paid once, on `second`, after one try on `first` that failed over for `cause`. */
async function expectFailedOver(
  m: Merchant,
  paymentId: string,
  res: { status: number; body: Record<string, unknown> },
  keys: { first: string; second: string },
  cause: string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rows = await attempts(m, paymentId);
  expect(rows.map(channelKeyOf)).toEqual([keys.first, keys.second]);
  expect(rows[1]).toMatchObject({ id: res.body.tx_id, is_primary: 1 });
  expect(rows[0]!.is_primary).toBe(0);
  const payment = await m.api.get(`/v2/payments/${paymentId}`);
  const primary = payment.body.payment.transactions.find((t: { is_primary: boolean }) => t.is_primary);
  expect(primary.channel.key).toBe(keys.second);
  const charges = await chargesAtProvider(m.merchant_id, paymentId);
  expect(charges.map((c) => c.txId)).toEqual([res.body.tx_id]);
  const routing = await paymentRouting(m.merchant_id, m.store_id, paymentId);
  expect(routing.get(rows[0]!.id)).toMatchObject({ try: 1, channel_key: keys.first });
  expect(routing.get(rows[1]!.id)).toMatchObject({
    try: 2,
    channel_key: keys.second,
    failover_after: { transaction_id: rows[0]!.id, channel_key: keys.first, cause },
  });
}

/** The first try never reached its PG: past its call deadline its look-up settles it FAILED. */
async function settleRefusedTry(m: { merchant_id: string }, paymentId: string) {
  const [first] = await attempts(m, paymentId);
  await passCallDeadline(first!.id);
  await lookUpNow("transactions", first!.id);
  expect((await attempts(m, paymentId))[0]).toMatchObject({ status: "FAILED", is_primary: 0 });
}

async function expectNoFailover(m: Merchant, paymentId: string, first: string) {
  const rows = await attempts(m, paymentId);
  expect(rows.map(channelKeyOf)).toEqual([first]);
}

describe("failover through a channel group: only where no money can have moved", () => {
  it("a refused connection: paid on the next channel, the first try still looked up", async () => {
    const m = inProcess(await newMerchant());
    const keys = { first: keyOf(m, "TOSSPAYMENTS"), second: keyOf(m, "KCP") };
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, undefined, {
        channel_key: await group(m, keys.first, keys.second),
        order_name: "Order [sandbox:network@tosspayments]",
        notice_urls: [TEST_WEBHOOK_URL],
      }),
    );
    await expectFailedOver(m, id, res, keys, "connection_refused");
    // The refused try keeps its unknown outcome, looked up like any other: the PG has no record of
    // it, so once its call deadline has passed it settles FAILED and the payment stays paid once.
    const [refused] = await attempts(m, id);
    expect(refused!.status).toBe("PENDING");
    await passCallDeadline(refused!.id);
    await lookUpNow("transactions", refused!.id);
    expect(await attempts(m, id)).toMatchObject([
      { id: refused!.id, status: "FAILED", is_primary: 0 },
      { id: res.body.tx_id, status: "PAID", is_primary: 1 },
    ]);
    // The merchant was never told of the replaced try: its failure announces nothing either, so
    // a paid payment gets no "Failed" webhook after its "Paid" one.
    expect(await webhookEvents(id)).toMatchObject([{ status: "Paid", txId: res.body.tx_id }]);
  });

  it("the PG's documented maintenance refusal: paid on the next channel", async () => {
    const m = inProcess(await newMerchant());
    const keys = { first: keyOf(m, "TOSSPAYMENTS"), second: keyOf(m, "KCP") };
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, undefined, {
        channel_key: await group(m, keys.first, keys.second),
        order_name: "Order [sandbox:maintenance@tosspayments]",
      }),
    );
    await expectFailedOver(m, id, res, keys, "pg_unavailable");
    expect((await attempts(m, id))[0]!.status).toBe("FAILED");
  });

  it("a virtual account fails over the same way", async () => {
    const m = inProcess(await newMerchant());
    const keys = { first: keyOf(m, "TOSSPAYMENTS"), second: keyOf(m, "KCP") };
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      virtualAccountPayBody(m, {
        channel_key: await group(m, keys.first, keys.second),
        order_name: "VA [sandbox:network@tosspayments]",
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await attempts(m, id)).map(channelKeyOf)).toEqual([keys.first, keys.second]);
    await settleRefusedTry(m, id);
  });

  it("an open circuit: the channel is skipped and the payment goes to the next, nothing sent to the first", async () => {
    const m = inProcess(await newMerchant());
    const keys = { first: keyOf(m, "TOSSPAYMENTS"), second: keyOf(m, "KCP") };
    await openCircuit(keys.first);
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, undefined, { channel_key: await group(m, keys.first, keys.second) }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await attempts(m, id);
    expect(rows.map(channelKeyOf)).toEqual([keys.second]);
    const routing = await paymentRouting(m.merchant_id, m.store_id, id);
    expect(routing.get(rows[0]!.id)).toMatchObject({ skipped: [{ channel_key: keys.first, reason: "circuit_open" }] });
  });

  describe("a LIVE Toss channel whose requests never leave the machine", () => {
    async function liveThenSandbox() {
      const m = await merchantWithLiveToss();
      return { m, keys: { first: m.live.key, second: keyOf(m, "KCP") } };
    }
    async function payWithBase(m: Merchant, groupKey: string, base: string) {
      const id = newPaymentId();
      process.env.TOSS_API_BASE = base;
      try {
        return {
          id,
          res: await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, undefined, { channel_key: groupKey })),
        };
      } finally {
        process.env.TOSS_API_BASE = fake.baseUrl;
      }
    }

    it("a connection never established (no TLS session): paid on the next channel", async () => {
      const { m, keys } = await liveThenSandbox();
      const groupKey = await group(m, keys.first, keys.second);
      const { id, res } = await payWithBase(m, groupKey, `https://127.0.0.1:${(plain.address() as AddressInfo).port}`);
      await expectFailedOver(m, id, res, keys, "connect_failed");
      await settleRefusedTry(m, id);
    });

    it("a host name that does not resolve: paid on the next channel", async () => {
      const { m, keys } = await liveThenSandbox();
      const groupKey = await group(m, keys.first, keys.second);
      const { id, res } = await payWithBase(m, groupKey, "http://toss-api.invalid");
      await expectFailedOver(m, id, res, keys, "dns_failed");
      await settleRefusedTry(m, id);
    });

    it("a 5xx: no failover, the outcome is looked up", async () => {
      const { m, keys } = await liveThenSandbox();
      const id = newPaymentId();
      const res = await m.api.post(
        `/v2/payments/${id}/instant/pay`,
        cardPayBody(m, undefined, {
          channel_key: await group(m, keys.first, keys.second),
          order_name: "Order [toss:500]",
        }),
      );
      expect(res.body).toMatchObject({ code: "PG_PROVIDER_ERROR", params: { pg_code: "PROVIDER_OUTCOME_UNKNOWN" } });
      await expectNoFailover(m, id, keys.first);
    });

    it("a connection dropped after the request left: no failover", async () => {
      const { m, keys } = await liveThenSandbox();
      const id = newPaymentId();
      await m.api.post(
        `/v2/payments/${id}/instant/pay`,
        cardPayBody(m, undefined, {
          channel_key: await group(m, keys.first, keys.second),
          order_name: "Order [toss:network]",
        }),
      );
      await expectNoFailover(m, id, keys.first);
    });
  });

  it("a lost answer (processed, then the connection reset): no failover; the look-up finds the approval", async () => {
    const m = inProcess(await newMerchant());
    const keys = { first: keyOf(m, "TOSSPAYMENTS"), second: keyOf(m, "KCP") };
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, undefined, {
        channel_key: await group(m, keys.first, keys.second),
        order_name: "Order [sandbox:lost@tosspayments]",
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectNoFailover(m, id, keys.first);
    expect((await chargesAtProvider(m.merchant_id, id)).map((c) => c.txId)).toEqual([res.body.tx_id]);
  });

  it.each([
    ["a timeout", "Order [sandbox:timeout@tosspayments]"],
    ["an answer no client can use", "Order [sandbox:garbled@tosspayments]"],
  ])("%s: no failover, the outcome is looked up", async (_what, orderName) => {
    const m = inProcess(await newMerchant());
    const keys = { first: keyOf(m, "TOSSPAYMENTS"), second: keyOf(m, "KCP") };
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, undefined, { channel_key: await group(m, keys.first, keys.second), order_name: orderName }),
    );
    expect(res.body).toMatchObject({ code: "PG_PROVIDER_ERROR", params: { pg_code: "PROVIDER_OUTCOME_UNKNOWN" } });
    await expectNoFailover(m, id, keys.first);
  });

  it("a card decline: no failover, the decline is the answer", async () => {
    const m = inProcess(await newMerchant());
    const keys = { first: keyOf(m, "TOSSPAYMENTS"), second: keyOf(m, "KCP") };
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, "4000000000000002", { channel_key: await group(m, keys.first, keys.second) }),
    );
    expect(res.body).toMatchObject({ code: "PG_PROVIDER_ERROR", params: { pg_code: "CARD_DECLINED" } });
    await expectNoFailover(m, id, keys.first);
  });

  it("a group whose every channel is unavailable refuses without calling anyone", async () => {
    const m = inProcess(await newMerchant());
    const keys = { first: keyOf(m, "TOSSPAYMENTS"), second: keyOf(m, "KCP") };
    const groupKey = await group(m, keys.first, keys.second);
    for (const key of [keys.first, keys.second]) await openCircuit(key);
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, undefined, { channel_key: groupKey }),
    );
    expect(res.body).toMatchObject({ code: "PG_PROVIDER_ERROR", params: { pg_code: "NO_AVAILABLE_CHANNEL" } });
    expect(await attempts(m, id)).toEqual([]);
  });

  it("another store's group key is not found, as a channel key would be", async () => {
    const a = inProcess(await newMerchant());
    const b = inProcess(await newMerchant());
    const groupKey = await group(b, keyOf(b, "TOSSPAYMENTS"), keyOf(b, "KCP"));
    const res = await a.api.post(
      `/v2/payments/${newPaymentId()}/instant/pay`,
      cardPayBody(a, undefined, { channel_key: groupKey }),
    );
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "CHANNEL_NOT_FOUND" });
  });
});
