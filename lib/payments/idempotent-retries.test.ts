import { afterEach, describe, expect, it } from "vitest";
import { ProviderError } from "@/lib/errors/domain-error";
import { payWithBillingKey } from "@/lib/billing-keys/pay-with-billing-key";
import { billingKeyPayBody } from "@/lib/billing-keys/schema";
import { findStoreChannel } from "@/lib/channels/repository";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { holdSlowFaults } from "@/lib/providers/sandbox/hold";
import { sandboxPaymentProvider } from "@/lib/providers/sandbox/payment-provider";
import { contextOf, issueKey, payBody } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardCredential, cardPayBody, newPaymentId, paidPayment, paymentChannelKey } from "@/lib/testing/payments";
import { chargesAtProvider, heldAtProvider } from "@/lib/testing/provider-ledger";
import { recordedIdempotencyKey } from "./money-operation/scope";
import { settleAttempt } from "./pay/settle-attempt";
import { startAttempt } from "./pay/start-attempt";
import { cancelPayment } from "./cancel/cancel-payment";
import { instantPay } from "./pay/instant-pay";
import { cancelBody, instantPayBody } from "./schema";

/**
 * When a request's first run died and a retry with the same Idempotency-Key takes it
 * over (lib/api/idempotency.ts), the verb runs again with the same ctx.idempotencyKey and answers
 * from what the first run recorded, instead of charging or cancelling again.
 */
type Merchant = Awaited<ReturnType<typeof newMerchant>>;

// Short enough to keep the slow-fault cases quick, long enough that a plain call or look-up on a
// loaded machine is not taken for a timeout (300 ms was, on PostgreSQL at load 5–7).
process.env.PROVIDER_TIMEOUT_MS = "1000";
/** Ends the sandbox's held slow faults (set by a test that answers while the provider is mid-way). */
let releaseProvider: (() => Promise<void>) | undefined;
afterEach(async () => {
  await releaseProvider?.();
  releaseProvider = undefined;
});

function ctxWithKey(m: Merchant, key: string) {
  return { ...contextOf(m), idempotencyKey: key };
}

function pay(m: Merchant, key: string, paymentId: string, body: Record<string, unknown> = cardPayBody(m)) {
  return instantPay({ ctx: ctxWithKey(m, key), input: { ...instantPayBody.parse(body), payment_id: paymentId } });
}

async function attemptsOf(paymentId: string) {
  return getDb()
    .selectFrom("transactions")
    .select(["id", "status", "idempotency_key"])
    .where("payment_id", "=", paymentId)
    .execute();
}

describe("idempotent retries answer the settled outcome", () => {
  it("instant pay whose first run died after the provider approved: the retry answers 200 with the same tx_id, one charge", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const key = newId("idem-");
    const channel = (await findStoreChannel(m.merchant_id, m.store_id, paymentChannelKey(m)))!;
    // The first run: recorded its attempt, the provider approved, then the process died.
    const first = await startAttempt({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      paymentId: id,
      channel,
      method: "CARD",
      orderName: "Test order",
      currency: "KRW",
      totalAmount: 11000,
      taxFreeAmount: 0,
      customer: { id: "cust-1" },
      origin: contextOf(m).origin,
      idempotencyKey: recordedIdempotencyKey({ ...contextOf(m), idempotencyKey: key })!,
    });
    const approved = await sandboxPaymentProvider.approveCard({
      channel,
      txId: first.id,
      amount: 11000,
      taxFreeAmount: 0,
      currency: "KRW",
      orderName: "Test order",
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    });

    const retried = await pay(m, key, id);
    expect(retried).toMatchObject({
      tx_id: first.id,
      customer_id: "cust-1",
      pg_tx_id: approved.ok ? approved.pgTxId : "",
      paid_at: expect.any(String),
    });
    expect(await attemptsOf(id)).toEqual([{ id: first.id, status: "PAID", idempotency_key: key }]);
    expect(await chargesAtProvider(m.merchant_id, id)).toHaveLength(1);
    // And again: the same answer.
    expect((await pay(m, key, id)).tx_id).toBe(first.id);
  });

  it("a first run that made two attempts (the first declined): the retry answers the later, primary one", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const key = newId("idem-");
    const channel = (await findStoreChannel(m.merchant_id, m.store_id, paymentChannelKey(m)))!;
    const input = {
      merchantId: m.merchant_id,
      storeId: m.store_id,
      paymentId: id,
      channel,
      method: "CARD" as const,
      orderName: "Test order",
      currency: "KRW",
      totalAmount: 11000,
      taxFreeAmount: 0,
      customer: { id: "cust-1" },
      origin: contextOf(m).origin,
      idempotencyKey: recordedIdempotencyKey({ ...contextOf(m), idempotencyKey: key })!,
    };
    // One run of the request: an attempt declined, then another (as a failover would make), approved.
    const declined = await startAttempt(input);
    await settleAttempt(declined.id, {
      kind: "declined",
      failure: { ok: false, pgCode: "CARD_DECLINED", pgMessage: "declined" },
    });
    const second = await startAttempt(input);
    await sandboxPaymentProvider.approveCard({
      channel,
      txId: second.id,
      amount: 11000,
      taxFreeAmount: 0,
      currency: "KRW",
      orderName: "Test order",
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    });

    expect((await pay(m, key, id)).tx_id).toBe(second.id);
    expect(await chargesAtProvider(m.merchant_id, id)).toHaveLength(1);
  });

  it("a declined first run: the retry answers the same decline and makes no new attempt; another key may try again", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const key = newId("idem-");
    await expect(pay(m, key, id, cardPayBody(m, SANDBOX_CARDS.DECLINED))).rejects.toMatchObject({
      code: "PG_PROVIDER_ERROR",
      pgCode: "CARD_DECLINED",
    });
    // The retry carries a good card this time, but the key's request already had its answer.
    await expect(pay(m, key, id)).rejects.toBeInstanceOf(ProviderError);
    expect(await attemptsOf(id)).toHaveLength(1);
    expect((await pay(m, newId("idem-"), id)).tx_id).toEqual(expect.any(String));
    expect(await attemptsOf(id)).toHaveLength(2);
  });

  it("an outcome still unknown is looked up before answering", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const key = newId("idem-");
    const slow = () => pay(m, key, id, cardPayBody(m, SANDBOX_CARDS.VISA_OK, { order_name: "Slow [sandbox:timeout]" }));
    // The provider processes until released, so the run and its retry both find it in progress.
    releaseProvider = holdSlowFaults();
    await expect(slow()).rejects.toMatchObject({ pgCode: "PROVIDER_OUTCOME_UNKNOWN" });
    await expect(slow()).rejects.toMatchObject({ pgCode: "PROVIDER_OUTCOME_UNKNOWN" });
    const [attempt] = await attemptsOf(id);
    expect(await attemptsOf(id)).toEqual([{ id: attempt!.id, status: "PENDING", idempotency_key: key }]);
    // The provider finishes: the next retry looks the outcome up first and answers the charge.
    await releaseProvider();
    const retried = await slow();
    expect(retried.tx_id).toBe(attempt!.id);
    expect((await attemptsOf(id)).map((a) => [a.id, a.status])).toEqual([[attempt!.id, "PAID"]]);
    expect(await chargesAtProvider(m.merchant_id, id)).toHaveLength(1);
  });

  it("billing-key pay: the retry answers the first run's charge", async () => {
    const m = await newMerchant();
    const billingKey = await issueKey(m);
    const id = newPaymentId();
    const key = newId("idem-");
    const run = () =>
      payWithBillingKey({
        ctx: ctxWithKey(m, key),
        input: { ...billingKeyPayBody.parse(payBody(billingKey)), payment_id: id },
      });
    const first = await run();
    const again = await run();
    expect(again).toEqual(first);
    expect(await chargesAtProvider(m.merchant_id, id)).toHaveLength(1);
  });

  it("cancel whose first run got no answer: the retry looks the refund up and answers it, refunded once", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m);
    const key = newId("idem-");
    const cancel = () =>
      cancelPayment({
        ctx: ctxWithKey(m, key),
        input: { ...cancelBody.parse({ cancel_amount: 3000, reason: "slow [sandbox:timeout]" }), payment_id: id },
      });
    // The provider processes the refund until released: the verb's immediate look-up finds it in progress.
    releaseProvider = holdSlowFaults();
    await expect(cancel()).rejects.toMatchObject({ pgCode: "PROVIDER_OUTCOME_UNKNOWN" });
    await releaseProvider();
    const retried = await cancel();
    expect(retried.payment.transactions[0]!).toMatchObject({
      status: "PARTIAL_CANCELLED",
      amount: { cancelled: 3000 },
    });
    expect(retried.payment.transactions[0]!.cancellations).toEqual([
      expect.objectContaining({ id: retried.cancellation_id, status: "SUCCEEDED" }),
    ]);
    expect((await cancel()).cancellation_id).toBe(retried.cancellation_id);
    expect(await heldAtProvider(m.merchant_id, id)).toBe(11000 - 3000);
  });

  it("another merchant's request with the same key never sees this one's attempt", async () => {
    const [a, b] = [await newMerchant(), await newMerchant()];
    const id = newPaymentId();
    const key = newId("idem-");
    const paidA = await pay(a, key, id);
    const paidB = await pay(b, key, id);
    expect(paidB.tx_id).not.toBe(paidA.tx_id);
  });
});
