import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectTossChannel, listLiveChannels, setChannelEnabled, testChannelConnection } from "@/lib/channels/live";
import { buildTimeline } from "@/lib/dashboard/timeline";
import { getDb } from "@/lib/db/client";
import { lookUpNow } from "@/lib/payments/unsettled/sweep";
import { followUpRefund, VA_REFUND_FOLLOW_UP_QUEUE } from "@/lib/payments/virtual-account/refund-follow-up";
import { passCallDeadline } from "@/lib/testing/call-deadline";
import { reconcile } from "@/lib/reconciliation/report";
import { callApi } from "@/lib/testing/api";
import { makeDue, runUntilSettled } from "@/lib/testing/billing";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { cardCredential, cardPayBody, newPaymentId, virtualAccountPayBody } from "@/lib/testing/payments";
import { liveSecretKey, merchantWithLiveToss, ownerContext } from "@/lib/testing/toss-live";
import { startTossFake, type TossFake } from "../toss-fake/server";

/**
 * The payment, cancel, billing-key, schedule and virtual-account flows on a LIVE channel served by
 * the Toss Payments adapter against the wire-level fake of Toss's API (e2e/toss-fake), including
 * declines, timeouts, lost answers and idempotent replays.
 */
let fake: TossFake;
const SLOW_MS = 1_200;

beforeAll(async () => {
  fake = await startTossFake({ slowMs: SLOW_MS });
  process.env.TOSS_API_BASE = fake.baseUrl;
});
afterAll(async () => {
  delete process.env.TOSS_API_BASE;
  await fake.close();
});

type Live = Awaited<ReturnType<typeof merchantWithLiveToss>>;

function card(m: Live, number = "4242424242424242", extra: Record<string, unknown> = {}) {
  return cardPayBody(m, number, { channel_key: m.live.key, ...extra });
}

async function primary(m: Live, paymentId: string) {
  return (await m.api.get(`/v2/payments/${paymentId}`)).body.payment.transactions[0];
}

async function withTimeout<T>(ms: number, run: () => Promise<T>): Promise<T> {
  process.env.PROVIDER_TIMEOUT_MS = String(ms);
  try {
    return await run();
  } finally {
    delete process.env.PROVIDER_TIMEOUT_MS;
  }
}

/** Card-number shapes (13–19 digits and mask signs, at least one mask sign) that show more than 10 digits. */
function cardShapesShowingOver10Digits(text: string): string[] {
  return [...text.matchAll(/(?<![0-9A-Za-z*])[0-9*]{13,19}(?![0-9A-Za-z*])/g)]
    .map((m) => m[0])
    .filter((shape) => shape.includes("*") && shape.replace(/\D/g, "").length > 10);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("LIVE channels (connect, test, enable)", () => {
  it("connects with the secret sealed and only its last 4 shown, tests the key against Toss, and enables; a disabled channel takes no payment", async () => {
    const m = inProcess(await newMerchant());
    const secretKey = liveSecretKey();
    const view = await connectTossChannel({
      ctx: ownerContext(m),
      input: { name: "Toss", pgMerchantId: "tosspayments_mid", secretKey },
    });
    expect(view).toMatchObject({
      type: "LIVE",
      pgProvider: "TOSSPAYMENTS",
      enabled: false,
      secretKeyHint: secretKey.slice(-4),
      testError: null,
    });
    expect(view.testedAt).toEqual(expect.any(Number));
    expect(JSON.stringify(view)).not.toContain(secretKey);
    const stored = await getDb()
      .selectFrom("channel_credentials")
      .selectAll()
      .where("channel_id", "=", view.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secretKey.slice(8));
    const refused = await m.api.post(
      `/v2/payments/${newPaymentId()}/instant/pay`,
      cardPayBody(m, "4242424242424242", { channel_key: view.key }),
    );
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("CHANNEL_NOT_FOUND");
    await setChannelEnabled({ ctx: ownerContext(m), input: { channelId: view.id, enabled: true } });
    const listed = (await m.api.get("/v2/channels")).body.channels.find((c: { key: string }) => c.key === view.key);
    expect(listed).toMatchObject({
      type: "LIVE",
      pg_provider: "TOSSPAYMENTS",
      pg_merchant_id: "tosspayments_mid",
      is_for_payment: true,
    });
    expect(JSON.stringify(listed)).not.toContain(secretKey);
  });

  it("a key Toss refuses fails the test (UNAUTHORIZED_KEY) and the channel cannot be enabled", async () => {
    const m = inProcess(await newMerchant());
    const view = await connectTossChannel({
      ctx: ownerContext(m),
      input: { name: "Toss", pgMerchantId: "mid_revoked", secretKey: "live_sk_revoked_key_123" },
    });
    expect(view.testedAt).toBeNull();
    expect(view.testError).toContain("UNAUTHORIZED_KEY");
    await expect(
      setChannelEnabled({ ctx: ownerContext(m), input: { channelId: view.id, enabled: true } }),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });

  it("viewers cannot list or change channels; another merchant's channel id is not found", async () => {
    const m = await merchantWithLiveToss();
    const other = inProcess(await newMerchant());
    await expect(listLiveChannels({ ctx: ownerContext(m, "VIEWER") })).rejects.toMatchObject({
      code: "PERMISSION_DENIED",
    });
    await expect(
      testChannelConnection({ ctx: ownerContext(other), input: { channelId: m.live.id } }),
    ).rejects.toMatchObject({ code: "CHANNEL_NOT_FOUND" });
    await expect(
      setChannelEnabled({ ctx: ownerContext(other), input: { channelId: m.live.id, enabled: false } }),
    ).rejects.toMatchObject({ code: "CHANNEL_NOT_FOUND" });
  });
});

describe("card payments and cancellations on Toss", () => {
  it("pays by key-in (Basic auth, our tx id as orderId and Idempotency-Key), records Toss's paymentKey and the masked card; the payment is not a test payment", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    const res = await m.api.post(`/v2/payments/${id}/instant/pay`, card(m));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tx = await primary(m, id);
    const atToss = fake.ledger.payment(m.live.secretKey, tx.id)!;
    expect(atToss).toMatchObject({ status: "DONE", totalAmount: 11000, orderName: "Test order" });
    expect(tx).toMatchObject({
      status: "PAID",
      pg_tx_id: atToss.paymentKey,
      channel: { type: "LIVE", pg_provider: "TOSSPAYMENTS" },
    });
    expect(JSON.stringify(tx)).not.toContain("4242424242424242");
    expect(fake.ledger.idempotent.has(`${m.live.secretKey}|POST|/v1/payments/key-in|${tx.id}`)).toBe(true);
    const live = (await m.api.get("/v2/payments?is_test_payment=false")).body.payments as { id: string }[];
    expect(live.map((p) => p.id)).toContain(id);
    const test = (await m.api.get("/v2/payments?is_test_payment=true")).body.payments as { id: string }[];
    expect(test.map((p) => p.id)).not.toContain(id);
  });

  it("keeps at most the first 6 and last 4 digits of the card, whether Toss masks its way or answers the number unmasked", async () => {
    const m = await merchantWithLiveToss();
    const tossMasked = newPaymentId();
    expect((await m.api.post(`/v2/payments/${tossMasked}/instant/pay`, card(m))).status).toBe(200);
    // Toss's own mask shows 11 digits (first 8, then 3): more than we keep.
    expect((await primary(m, tossMasked)).payment_method_detail.card.number).toBe("424242******424*");
    fake.quirks = { unmaskedCards: true };
    try {
      const id = newPaymentId();
      expect((await m.api.post(`/v2/payments/${id}/instant/pay`, card(m))).status).toBe(200);
      const tx = await primary(m, id);
      expect(tx.payment_method_detail.card).toMatchObject({
        number: "424242******4242",
        detail: { bin: "424242", number: "424242******4242" },
      });
      const stored = await getDb()
        .selectFrom("transactions")
        .selectAll()
        .where("id", "=", tx.id)
        .executeTakeFirstOrThrow();
      const jobs = await getDb().selectFrom("jobs").select("payload").where("payload", "like", `%${tx.id}%`).execute();
      for (const text of [JSON.stringify(stored), ...jobs.map((j) => j.payload)]) {
        expect(text).not.toContain("4242424242");
        expect(cardShapesShowingOver10Digits(text)).toEqual([]);
      }
    } finally {
      fake.quirks = {};
    }
  });

  it("a decline is FAILED with Toss's code and message (500 PG_PROVIDER_ERROR), and the id may be paid again", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    const res = await m.api.post(`/v2/payments/${id}/instant/pay`, card(m, "4000000000000002"));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "REJECT_CARD_COMPANY", pg_message: "결제 승인이 거절되었습니다." },
    });
    expect(await primary(m, id)).toMatchObject({ status: "FAILED", failure: { pg_code: "REJECT_CARD_COMPANY" } });
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, card(m))).status).toBe(200);
  });

  it("an invalid card number is 400 naming the field, and Toss is never called", async () => {
    const m = await merchantWithLiveToss();
    const before = fake.hits.get("POST /v1/payments/key-in") ?? 0;
    const res = await m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, card(m, "4242424242424241"));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_REQUEST");
    expect(fake.hits.get("POST /v1/payments/key-in") ?? 0).toBe(before);
  });

  it("a tax-free key-in sends taxFreeAmount; cancels partly with a tax-free part, then the rest; Toss's balance follows", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    expect(
      (await m.api.post(`/v2/payments/${id}/instant/pay`, card(m, "4242424242424242", { tax_free_amount: 1000 })))
        .status,
    ).toBe(200);
    const paid = fake.ledger.payment(m.live.secretKey, (await primary(m, id)).id)!;
    expect(paid).toMatchObject({ totalAmount: 11000, taxFreeAmount: 1000 });
    const partial = await m.api.post(`/v2/payments/${id}/cancel`, {
      cancel_amount: 3000,
      tax_free_amount: 500,
      reason: "one item",
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const tx = await primary(m, id);
    const atToss = fake.ledger.payment(m.live.secretKey, tx.id)!;
    expect(atToss).toMatchObject({ status: "PARTIAL_CANCELED", balanceAmount: 8000 });
    expect(atToss.cancels![0]).toMatchObject({ cancelAmount: 3000, taxFreeAmount: 500 });
    expect(tx.cancellations[0]).toMatchObject({
      status: "SUCCEEDED",
      pg_cancellation_id: atToss.cancels![0]!.transactionKey,
    });
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { reason: "rest" })).status).toBe(200);
    expect(await primary(m, id)).toMatchObject({ status: "CANCELLED" });
    expect(fake.ledger.payment(m.live.secretKey, tx.id)).toMatchObject({ status: "CANCELED", balanceAmount: 0 });
  });

  it("a cancellation Toss refuses is FAILED with Toss's code and the amount is released", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, card(m, "4000000000000259"))).status).toBe(200);
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { reason: "refund" });
    expect(res.status).toBe(500);
    expect(res.body.params.pg_code).toBe("NOT_CANCELABLE_PAYMENT");
    const tx = await primary(m, id);
    expect(tx).toMatchObject({ status: "PAID", amount: { cancelled: 0 } });
    expect(tx.cancellations[0].status).toBe("FAILED");
  });
});

describe("faults on the wire: an outcome we do not know is looked up, never guessed", () => {
  it("a lost answer: the key-in was processed, the look-up by order id finds it PAID, and Toss charged once", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      card(m, "4242424242424242", { order_name: "lost [toss:lost]" }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tx = await primary(m, id);
    expect(tx.status).toBe("PAID");
    expect(fake.ledger.payment(m.live.secretKey, tx.id)!.status).toBe("DONE");
  });

  it("a request that never reached Toss: the look-up finds nothing, FAILED PROVIDER_NO_RECORD once the call's deadline has passed", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      card(m, "4242424242424242", { order_name: "down [toss:network]" }),
    );
    expect(res.status).toBe(500);
    expect(res.body.params.pg_code).toBe("PROVIDER_OUTCOME_UNKNOWN");
    const tx = await primary(m, id);
    expect(tx.status).toBe("PENDING");
    await passCallDeadline(tx.id);
    await lookUpNow("transactions", tx.id);
    expect(await primary(m, id)).toMatchObject({ status: "FAILED", failure: { pg_code: "PROVIDER_NO_RECORD" } });
    expect(fake.ledger.payment(m.live.secretKey, tx.id)).toBeUndefined();
  });

  it("a timeout: PENDING while Toss says IN_PROGRESS, then PAID from the late answer or the look-up", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    const res = await withTimeout(200, () =>
      m.api.post(`/v2/payments/${id}/instant/pay`, card(m, "4242424242424242", { order_name: "slow [toss:timeout]" })),
    );
    expect(res.status).toBe(500);
    expect(res.body.params.pg_code).toBe("PROVIDER_OUTCOME_UNKNOWN");
    expect(res.body.params.pg_message).toMatch(/^The provider did not answer in time\./);
    const tx = await primary(m, id);
    expect(tx.status).toBe("PENDING");
    await sleep(SLOW_MS + 200);
    await lookUpNow("transactions", tx.id);
    expect((await primary(m, id)).status).toBe("PAID");
  });

  it("a cancel whose answer was lost is sent again with the same Idempotency-Key: Toss answers the first outcome and refunds once", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, card(m))).status).toBe(200);
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 4000, reason: "lost [toss:lost]" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tx = await primary(m, id);
    expect(tx.cancellations[0]).toMatchObject({ status: "SUCCEEDED", cancel_amount: 4000 });
    const atToss = fake.ledger.payment(m.live.secretKey, tx.id)!;
    expect(atToss.cancels).toHaveLength(1);
    expect(atToss.balanceAmount).toBe(7000);
  });
});

describe("the fake holds the adapter to Toss's reference", () => {
  it("refuses a body member Toss does not list and a missing required one (400 INVALID_REQUEST); the adapter's requests pass", async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${fake.baseUrl}/v1/payments/key-in`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${liveSecretKey()}:`).toString("base64")}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
    const request = {
      amount: 1000,
      orderId: `order-${newPaymentId()}`,
      orderName: "o",
      cardNumber: "4242424242424242",
      cardExpirationYear: "30",
      cardExpirationMonth: "12",
      customerIdentityNumber: "900101",
    };
    const unlisted = await post({ ...request, vatAmount: 90 });
    expect(unlisted.status).toBe(400);
    expect(await unlisted.json()).toMatchObject({
      code: "INVALID_REQUEST",
      message: expect.stringContaining("vatAmount"),
    });
    const { orderName: _, ...nameless } = request;
    const missing = await post(nameless);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: "INVALID_REQUEST",
      message: expect.stringContaining("orderName"),
    });
    expect((await post(request)).status).toBe(200);
  });
});

describe("answers the adapter cannot use", () => {
  it("a cancel answer whose newest cancellation has no transactionKey is unknown and looked up, never SUCCEEDED with an empty key", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, card(m))).status).toBe(200);
    fake.quirks = { cancelWithoutTransactionKey: true };
    const res = await m.api
      .post(`/v2/payments/${id}/cancel`, { cancel_amount: 3000, reason: "one item" })
      .finally(() => {
        fake.quirks = {};
      });
    expect(res.status).toBe(500);
    expect(res.body.params).toMatchObject({ pg_code: "PROVIDER_OUTCOME_UNKNOWN" });
    expect(res.body.params.pg_message).toMatch(/^The provider's answer could not be read\./);
    const pending = (await primary(m, id)).cancellations[0];
    expect(pending.status).not.toBe("SUCCEEDED");
    expect(pending.pg_cancellation_id ?? "").toBe("");
    await lookUpNow("cancellations", pending.id);
    const tx = await primary(m, id);
    const atToss = fake.ledger.payment(m.live.secretKey, tx.id)!;
    expect(atToss.cancels).toHaveLength(1);
    expect(tx.cancellations[0]).toMatchObject({
      status: "SUCCEEDED",
      pg_cancellation_id: atToss.cancels![0]!.transactionKey,
    });
    expect(tx).toMatchObject({ status: "PARTIAL_CANCELLED", amount: { cancelled: 3000 } });
  });

  it("unknown outcomes say what happened: an answer without an error code could not be read, a dropped connection was lost", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, card(m))).status).toBe(200);
    const garbled = await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 1000, reason: "x [toss:nocode]" });
    expect(garbled.body.params.pg_code).toBe("PROVIDER_OUTCOME_UNKNOWN");
    expect(garbled.body.params.pg_message).toMatch(/^The provider's answer could not be read\./);
    const other = newPaymentId();
    expect((await m.api.post(`/v2/payments/${other}/instant/pay`, card(m))).status).toBe(200);
    const dropped = await m.api.post(`/v2/payments/${other}/cancel`, {
      cancel_amount: 1000,
      reason: "x [toss:network]",
    });
    expect(dropped.body.params.pg_code).toBe("PROVIDER_OUTCOME_UNKNOWN");
    expect(dropped.body.params.pg_message).toMatch(/^The connection to the provider was lost/);
  });
});

describe("reconciliation with Toss's transaction listing", () => {
  /** A refund made outside the platform (Toss's merchant console): Toss's own key, none of ours. */
  async function refundAtToss(m: Live, paymentKey: string, amount: number) {
    const res = await fetch(`${fake.baseUrl}/v1/payments/${encodeURIComponent(paymentKey)}/cancel`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${m.live.secretKey}:`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ cancelReason: "refunded in Toss's console", cancelAmount: amount }),
    });
    expect(res.status).toBe(200);
  }

  it("matches Toss's refunds by Toss's cancellation key (its listing carries none of our ids), a re-sent cancel included; a refund made only at Toss is reported", async () => {
    const since = Date.now() - 60_000;
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    expect((await m.api.post(`/v2/payments/${id}/instant/pay`, card(m))).status).toBe(200);
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 2000, reason: "one item" })).status).toBe(
      200,
    );
    // The answer is lost: the cancel is sent again with its key, Toss replays the same cancellation.
    expect(
      (await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 3000, reason: "lost [toss:lost]" })).status,
    ).toBe(200);
    const tx = await primary(m, id);
    const atToss = fake.ledger.payment(m.live.secretKey, tx.id)!;
    expect(atToss.cancels).toHaveLength(2);
    expect(tx.cancellations.map((c: { pg_cancellation_id: string }) => c.pg_cancellation_id).sort()).toEqual(
      atToss.cancels!.map((c) => c.transactionKey).sort(),
    );

    expect(await reconcile({ since, merchantId: m.merchant_id })).toEqual({
      checked: expect.any(Number),
      mismatches: [],
      unsettled: [],
    });

    await refundAtToss(m, tx.pg_tx_id, 1000);
    const { mismatches } = await reconcile({ since, merchantId: m.merchant_id });
    expect(mismatches.map((x) => [x.kind, x.payment_id, x.provider]).sort()).toEqual([
      ["refund_amount_mismatch", id, 6000],
      ["refund_not_recorded", id, 1000],
    ]);
  });
});

describe("billing keys and schedules on Toss", () => {
  it("issues a billing key from the card (our key id as customerKey), charges it, and a schedule charges it when due", async () => {
    const m = await merchantWithLiveToss();
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
    expect(fake.ledger.paymentByKey(m.live.secretKey, pay.body.pg_tx_id)).toMatchObject({
      status: "DONE",
      type: "BILLING",
      customerKey: billingKey,
      taxFreeAmount: 900,
    });
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
    expect(await primary(m, scheduledId)).toMatchObject({ status: "PAID", channel: { type: "LIVE" } });
  });

  it("a card whose charges Toss declines: the key issues, the charge is FAILED with REJECT_CARD_COMPANY", async () => {
    const m = await merchantWithLiveToss();
    const issued = await m.api.post("/v2/billing-keys", {
      channel_key: m.live.key,
      payment_method_option: { card: { card_credential: cardCredential("4000000000000341") } },
    });
    expect(issued.status).toBe(200);
    const id = newPaymentId();
    const pay = await m.api.post(`/v2/payments/${id}/billing-key/pay`, {
      billing_key: issued.body.billing_key,
      order_name: "Monthly",
      total_amount: 9900,
      currency: "KRW",
    });
    expect(pay.status).toBe(500);
    expect(pay.body.params.pg_code).toBe("REJECT_CARD_COMPANY");
    expect(await primary(m, id)).toMatchObject({ status: "FAILED" });
  });
});

const PAYER = { customer_name: { full_name: "Hong Gildong" } };

describe("virtual accounts on Toss and the deposit callback", () => {
  const callback = (body: unknown) =>
    callApi("POST", "/api/providers/tosspayments/deposit-callback", { body, inProcess: true });

  it("issues an account; a forged callback is refused; Toss's callback pays it once, a redelivery changes nothing; the deposit is refunded to an account", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    const res = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      virtualAccountPayBody(m, { channel_key: m.live.key, tax_free_amount: 5000, customer: PAYER }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tx = await primary(m, id);
    const atToss = fake.ledger.payment(m.live.secretKey, tx.id)!;
    expect(tx).toMatchObject({ status: "VIRTUAL_ACCOUNT_ISSUED", pg_tx_id: atToss.paymentKey });
    expect(atToss).toMatchObject({ taxFreeAmount: 5000 });
    // The depositor Toss is told of is the customer, never the order name.
    expect(atToss.virtualAccount).toMatchObject({ bankCode: "04", customerName: "Hong Gildong" });

    const early = await callback({ secret: atToss.secret, status: "DONE", orderId: tx.id });
    expect(early.status).toBe(200);
    expect(early.body).toEqual({ result: "IGNORED" }); // Toss's record, not the callback, decides
    const body = fake.deposit(m.live.secretKey, tx.id);
    const forged = await callback({ ...body, secret: "ps_forged" });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe("UNAUTHORIZED");
    expect((await primary(m, id)).status).toBe("VIRTUAL_ACCOUNT_ISSUED");
    const first = await callback(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ result: "PAID" });
    const again = await callback(body);
    expect(again.body).toEqual({ result: "ALREADY_PAID" });
    expect(await primary(m, id)).toMatchObject({ status: "PAID", amount: { paid: 50000 } });
    const paidEvents = await getDb()
      .selectFrom("jobs")
      .select("payload")
      .where("payload", "like", `%${tx.id}%`)
      .where("payload", "like", '%"Paid"%')
      .execute();
    expect(paidEvents.length).toBeLessThanOrEqual(1);

    const refund = await m.api.post(`/v2/payments/${id}/cancel`, {
      reason: "refund",
      refund: { bank: "KB", account_holder: "Hong", account_number: "123-456-7890" },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(fake.ledger.payment(m.live.secretKey, tx.id)).toMatchObject({ status: "CANCELED", balanceAmount: 0 });
  });

  it("a refund Toss reports PENDING (or NONE) is shown PENDING and followed up until Toss says COMPLETED", async () => {
    for (const reported of ["PENDING", "NONE"] as const) {
      const m = await merchantWithLiveToss();
      const id = newPaymentId();
      const res = await m.api.post(
        `/v2/payments/${id}/instant/pay`,
        virtualAccountPayBody(m, { channel_key: m.live.key, customer: PAYER }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const tx = await primary(m, id);
      expect((await callback(fake.deposit(m.live.secretKey, tx.id))).body).toEqual({ result: "PAID" });
      fake.quirks = { refundStatus: reported };
      try {
        const refund = await m.api.post(`/v2/payments/${id}/cancel`, {
          reason: "refund",
          refund: { bank: "KB", account_holder: "Hong", account_number: "123-456-7890" },
        });
        expect(refund.status, JSON.stringify(refund.body)).toBe(200);
        expect((await primary(m, id)).payment_method_detail.virtual_account.refund_status).toBe("PENDING");
        // Still pending at Toss: the follow-up records nothing new and runs again later.
        expect(await followUpRefund({ transactionId: tx.id }, { attempts: 1 })).toMatchObject({
          retryAt: expect.any(Number),
        });
      } finally {
        fake.quirks = {};
      }
      const jobs = await getDb()
        .selectFrom("jobs")
        .select("queue")
        .where("dedupe_key", "=", `${VA_REFUND_FOLLOW_UP_QUEUE}:${tx.id}`)
        .execute();
      expect(jobs).toHaveLength(1);
      expect(await followUpRefund({ transactionId: tx.id }, { attempts: 2 })).toBeUndefined();
      const done = await primary(m, id);
      expect(done.payment_method_detail.virtual_account).toMatchObject({
        refund_status: "COMPLETED",
        refund_status_updated_at: expect.any(String),
      });
      const timeline = buildTimeline((await m.api.get(`/v2/payments/${id}`)).body.payment);
      expect(timeline).toContainEqual(
        expect.objectContaining({ kind: "accountRefund", tone: "good", vars: { status: "COMPLETED" } }),
      );
    }
  });

  it("an unknown order is 401, as a forged one; an account at a bank Toss does not issue at is 400 naming the field", async () => {
    expect((await callback({ secret: "ps_x", status: "DONE", orderId: "tx-unknown-order" })).status).toBe(401);
    const m = await merchantWithLiveToss();
    const res = await m.api.post(
      `/v2/payments/${newPaymentId()}/instant/pay`,
      virtualAccountPayBody(m, {
        channel_key: m.live.key,
        payment_method_option: {
          virtual_account: { bank: "KAKAO_BANK", account_expiry: { valid_hours: 24 }, account_type: "NORMAL" },
        },
      }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("virtual_account.bank");
    const nameless = await m.api.post(
      `/v2/payments/${newPaymentId()}/instant/pay`,
      virtualAccountPayBody(m, { channel_key: m.live.key }),
    );
    expect(nameless.status).toBe(400);
    expect(nameless.body.params.field).toBe("customer.customer_name");
  });

  it("voids an account that awaits its deposit at Toss", async () => {
    const m = await merchantWithLiveToss();
    const id = newPaymentId();
    expect(
      (
        await m.api.post(
          `/v2/payments/${id}/instant/pay`,
          virtualAccountPayBody(m, { channel_key: m.live.key, customer: PAYER }),
        )
      ).status,
    ).toBe(200);
    const res = await m.api.delete(`/v2/payments/${id}/virtual-account`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tx = await primary(m, id);
    expect(tx.status).toBe("CANCELLED");
    expect(fake.ledger.payment(m.live.secretKey, tx.id)!.status).toBe("CANCELED");
  });
});
