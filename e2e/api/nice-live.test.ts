import { describe, expect, it } from "vitest";
import { changeChannelKey, connectNiceChannel, setChannelEnabled } from "@/lib/channels/live";
import { getDb } from "@/lib/db/client";
import { lookUpNow } from "@/lib/payments/unsettled/sweep";
import { makeDue, runUntilSettled } from "@/lib/testing/billing";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { merchantWithLiveNice, niceKeys } from "@/lib/testing/nice-live";
import { cardCredential, cardPayBody, newPaymentId, virtualAccountPayBody } from "@/lib/testing/payments";
import { ownerContext } from "@/lib/testing/toss-live";
import { niceFakePerFile } from "../nice-fake/per-file";

/**
 * The payment, cancel, billing-key and schedule flows on a LIVE NICE Payments channel, served by the
 * NICE adapter against the fake judged by NICE's own OpenAPI document: every request the run sends
 * and every answer it gets must be one the document allows (checked after each test).
 */
const SLOW_MS = 1_200;
const niceFake = niceFakePerFile({ slowMs: SLOW_MS });

type Live = Awaited<ReturnType<typeof merchantWithLiveNice>>;

function card(m: Live, number = "4242424242424242", extra: Record<string, unknown> = {}) {
  return cardPayBody(m, number, { channel_key: m.live.key, ...extra });
}

async function primary(m: Live, paymentId: string) {
  return (await m.api.get(`/v2/payments/${paymentId}`)).body.payment.transactions[0];
}

const atNice = (m: Live, tid: string) => niceFake().ledger.find(m.live.clientKey)?.payments.get(tid);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("LIVE NICE channels (connect, test, enable)", () => {
  it("connects with both keys sealed and only the secret key's last 4 shown, tests them at NICE, and enables", async () => {
    const m = inProcess(await newMerchant());
    const keys = niceKeys();
    const view = await connectNiceChannel({ ctx: ownerContext(m), input: { name: "NICE", ...keys } });
    expect(view).toMatchObject({
      type: "LIVE",
      pgProvider: "NICE",
      pgMerchantId: keys.clientKey,
      enabled: false,
      secretKeyHint: keys.secretKey.slice(-4),
      testError: null,
    });
    expect(view.testedAt).toEqual(expect.any(Number));
    expect(JSON.stringify(view)).not.toContain(keys.secretKey);
    const stored = await getDb()
      .selectFrom("channel_credentials")
      .selectAll()
      .where("channel_id", "=", view.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(keys.secretKey.slice(0, 28));
    const refused = await m.api.post(
      `/v2/payments/${newPaymentId()}/instant/pay`,
      cardPayBody(m, "4242424242424242", { channel_key: view.key }),
    );
    expect(refused.status).toBe(404);
    await setChannelEnabled({ ctx: ownerContext(m), input: { channelId: view.id, enabled: true } });
    const listed = (await m.api.get("/v2/channels")).body.channels.find((c: { key: string }) => c.key === view.key);
    expect(listed).toMatchObject({ type: "LIVE", pg_provider: "NICE", is_for_payment: true });
    expect(JSON.stringify(listed)).not.toContain(keys.secretKey);
  });

  it("keys NICE refuses fail the test and the channel cannot be enabled; a Toss key is refused for a NICE channel", async () => {
    const m = inProcess(await newMerchant());
    const keys = niceKeys();
    await connectNiceChannel({ ctx: ownerContext(m), input: { name: "NICE", ...keys } });
    const wrong = await connectNiceChannel({
      ctx: ownerContext(m),
      input: { name: "NICE", clientKey: keys.clientKey, secretKey: niceKeys().secretKey },
    });
    expect(wrong.testedAt).toBeNull();
    expect(wrong.testError).toContain("HTTP 401");
    await expect(
      setChannelEnabled({ ctx: ownerContext(m), input: { channelId: wrong.id, enabled: true } }),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await expect(
      changeChannelKey({ ctx: ownerContext(m), input: { channelId: wrong.id, secretKey: "live_sk_abcdefghijkl" } }),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST", message: expect.stringMatching(/^secretKey: /) });
    const fixed = await changeChannelKey({
      ctx: ownerContext(m),
      input: { channelId: wrong.id, secretKey: keys.secretKey },
    });
    expect(fixed).toMatchObject({ testError: null, secretKeyHint: keys.secretKey.slice(-4) });
  });
});

describe("card payments and cancellations on NICE", () => {
  it("pays by key-in through a one-time billing key (charged, then expired); records NICE's tid and the masked card", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    const res = await m.api.post(`/v2/payments/${id}/instant/pay`, card(m));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tx = await primary(m, id);
    expect(tx).toMatchObject({ status: "PAID", channel: { type: "LIVE", pg_provider: "NICE" } });
    expect(atNice(m, tx.pg_tx_id)).toMatchObject({ status: "paid", amount: 11000, orderId: tx.id });
    expect(niceFake().ledger.find(m.live.clientKey)?.billingKeysByOrder.get(`${tx.id}-key`)).toMatchObject({
      expired: true,
    });
    expect(JSON.stringify(tx)).not.toContain("4242424242424242");
  });

  it("a decline is FAILED with NICE's resultCode (500 PG_PROVIDER_ERROR), and the id may be paid again", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    const res = await m.api.post(`/v2/payments/${id}/instant/pay`, card(m, "4000000000000002"));
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: "PG_PROVIDER_ERROR", params: { pg_code: "3095" } });
    expect(await primary(m, id)).toMatchObject({ status: "FAILED", failure: { pg_code: "3095" } });
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, card(m))).status).toBe(200);
  });

  it("a tax-free payment sends taxFreeAmt; cancels partly with a tax-free part, then the rest; NICE's balance follows", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    const paid = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      card(m, "4242424242424242", { tax_free_amount: 1000 }),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const { pg_tx_id } = await primary(m, id);
    expect(atNice(m, pg_tx_id)).toMatchObject({ amount: 11000, taxFreeAmt: 1000 });
    const partial = await m.api.post(`/v2/payments/${id}/cancel`, {
      cancel_amount: 3000,
      tax_free_amount: 500,
      reason: "one item",
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const nice = atNice(m, pg_tx_id)!;
    expect(nice).toMatchObject({ status: "partialCancelled", balanceAmt: 8000 });
    expect(nice.cancels[0]).toMatchObject({ amount: 3000, taxFreeAmt: 500 });
    expect((await primary(m, id)).cancellations[0]).toMatchObject({
      status: "SUCCEEDED",
      pg_cancellation_id: nice.cancels[0]!.cancelledTid,
    });
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { reason: "rest" })).status).toBe(200);
    expect(await primary(m, id)).toMatchObject({ status: "CANCELLED" });
    expect(atNice(m, pg_tx_id)).toMatchObject({ status: "cancelled", balanceAmt: 0 });
  });

  it("a virtual account on a NICE channel is 400 naming the field: NICE's server API issues none", async () => {
    const m = await merchantWithLiveNice();
    const res = await m.api.post(
      `/v2/payments/${newPaymentId()}/instant/pay`,
      virtualAccountPayBody(m, { channel_key: m.live.key }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(JSON.stringify(res.body)).toContain("virtual_account");
  });
});

describe("faults on the wire at NICE: looked up by order id, never re-sent blindly", () => {
  it("a lost answer: NICE charged, the look-up by order id finds it PAID, and NICE charged once", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      card(m, "4242424242424242", { order_name: "lost [nice:lost]" }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tx = await primary(m, id);
    expect(tx.status).toBe("PAID");
    const charges = [...(niceFake().ledger.find(m.live.clientKey)?.payments.values() ?? [])].filter(
      (p) => p.orderId === tx.id,
    );
    expect(charges).toHaveLength(1);
  });

  it("a timeout: PENDING while NICE says ready, then PAID from the look-up", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    process.env.PROVIDER_TIMEOUT_MS = "300";
    const res = await m.api
      .post(`/v2/payments/${id}/instant/pay`, card(m, "4242424242424242", { order_name: "slow [nice:timeout]" }))
      .finally(() => delete process.env.PROVIDER_TIMEOUT_MS);
    expect(res.status).toBe(500);
    expect(res.body.params.pg_code).toBe("PROVIDER_OUTCOME_UNKNOWN");
    const tx = await primary(m, id);
    expect(tx.status).toBe("PENDING");
    await sleep(SLOW_MS + 200);
    await lookUpNow("transactions", tx.id);
    expect((await primary(m, id)).status).toBe("PAID");
  });

  it("a cancel whose answer was lost: found by its order id before it is sent again, refunded once", async () => {
    const m = await merchantWithLiveNice();
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, card(m))).status).toBe(200);
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 4000, reason: "lost [nice:lost]" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tx = await primary(m, id);
    expect(tx.cancellations[0]).toMatchObject({ status: "SUCCEEDED", cancel_amount: 4000 });
    const nice = atNice(m, tx.pg_tx_id)!;
    expect(nice.cancels).toHaveLength(1);
    expect(nice.balanceAmt).toBe(7000);
  });
});

describe("billing keys and schedules on NICE", () => {
  it("issues a billing key from encrypted card data, charges it, a schedule charges it when due, and deleting it expires it at NICE", async () => {
    const m = await merchantWithLiveNice();
    const issued = await m.api.post("/v2/billing-keys", {
      channel_key: m.live.key,
      payment_method_option: { card: { card_credential: cardCredential("4242424242424242") } },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const billingKey = issued.body.billing_key as string;
    const pay = await m.api.post(`/v2/payments/${newPaymentId()}/billing-key/pay`, {
      billing_key: billingKey,
      order_name: "Monthly",
      total_amount: 9900,
      tax_free_amount: 900,
      currency: "KRW",
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    expect(atNice(m, pay.body.pg_tx_id)).toMatchObject({ status: "paid", amount: 9900, taxFreeAmt: 900 });
    const scheduledId = newPaymentId();
    const schedule = await m.api.post("/v2/schedules", {
      billing_key: billingKey,
      order_name: "Next month",
      total_amount: 9900,
      currency: "KRW",
      payment_id: scheduledId,
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
    await makeDue([schedule.body.id]);
    await runUntilSettled([schedule.body.id]);
    expect(await primary(m, scheduledId)).toMatchObject({
      status: "PAID",
      channel: { type: "LIVE", pg_provider: "NICE" },
    });
    const bid = niceFake().ledger.find(m.live.clientKey)?.billingKeysByOrder.get(billingKey);
    expect(bid).toMatchObject({ expired: false });
    expect((await m.api.delete(`/v2/billing-keys/${billingKey}`)).status).toBe(200);
    expect(bid).toMatchObject({ expired: true });
  });
});
