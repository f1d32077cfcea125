import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { findStoreChannel } from "@/lib/channels/repository";
import { getDb } from "@/lib/db/client";
import { startAttempt } from "@/lib/payments/pay/start-attempt";
import { lookUpNow, sweepUnsettled } from "@/lib/payments/unsettled/sweep";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { holdSlowFaults } from "@/lib/providers/sandbox/hold";
import { sandboxPaymentProvider } from "@/lib/providers/sandbox/payment-provider";
import { passCallDeadline } from "@/lib/testing/call-deadline";
import { newMerchant } from "@/lib/testing/fixtures";
import { expectError } from "@/lib/testing/payment-assertions";
import { cardCredential, cardPayBody, newPaymentId, paidPayment, paymentChannelKey } from "@/lib/testing/payments";
import { chargesAtProvider, heldAtProvider } from "@/lib/testing/provider-ledger";
import { drainWebhooksUntil, startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

/**
 * Outcomes we do not learn from the provider's answer (a call that outlives
 * PROVIDER_TIMEOUT_MS, a crash after the provider approved, an outage) are unknown, never failed:
 * looked up, settled from the provider's record, and money moves once.
 */
type Merchant = Awaited<ReturnType<typeof newMerchant>>;

process.env.PROVIDER_TIMEOUT_MS = "400";
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
/** Ends the sandbox's held slow faults (set by a test that watches the provider mid-way). */
let releaseProvider: (() => Promise<void>) | undefined;
afterEach(async () => {
  process.env.SANDBOX_FAULTS = "";
  await releaseProvider?.();
  releaseProvider = undefined;
});

const payUrl = (id: string) => `/v2/payments/${id}/instant/pay`;

async function primary(m: Merchant, id: string) {
  const res = await m.api.get(`/v2/payments/${id}`);
  expect(res.status).toBe(200);
  return res.body.payment.transactions.find((t: { is_primary: boolean }) => t.is_primary);
}

async function row(txId: string) {
  return getDb().selectFrom("transactions").selectAll().where("id", "=", txId).executeTakeFirstOrThrow();
}

/** Asks the provider about this record until it is settled (or the deadline passes). */
async function lookUpUntil(
  table: "transactions" | "cancellations" | "late_approvals",
  id: string,
  settled: () => Promise<boolean>,
) {
  const deadline = Date.now() + 10_000;
  while (!(await settled())) {
    if (Date.now() > deadline) throw new Error(`${table} ${id} did not settle`);
    await lookUpNow(table, id);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function webhooksFor(paymentId: string) {
  return receiver.received
    .map((hit) => JSON.parse(hit.body) as { tx_id: string; payment_id: string; status: string })
    .filter((e) => e.payment_id === paymentId);
}

describe("unknown outcomes are looked up, never guessed", () => {
  it("case 1: a call that outlives PROVIDER_TIMEOUT_MS stays PENDING, refuses a second attempt, then settles PAID with its webhook: one charge", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    // The provider keeps processing until released: however late the request's immediate look-up
    // runs on a loaded machine, it finds the charge IN_PROGRESS.
    releaseProvider = holdSlowFaults();
    const res = await m.api.post(
      payUrl(id),
      cardPayBody(m, SANDBOX_CARDS.VISA_OK, {
        order_name: "Slow order [sandbox:timeout]",
        notice_urls: [receiver.url],
      }),
    );
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "PROVIDER_OUTCOME_UNKNOWN", pg_message: expect.any(String) },
    });
    const pending = await primary(m, id);
    expect(pending.status).toBe("PENDING");
    // While the outcome is unknown, the payment id cannot be charged again.
    expectError(await m.api.post(payUrl(id), cardPayBody(m)), 400, "INVALID_REQUEST");
    await lookUpNow("transactions", pending.id);
    expect((await row(pending.id)).status).toBe("PENDING");

    await releaseProvider();
    await lookUpUntil("transactions", pending.id, async () => (await row(pending.id)).status !== "PENDING");
    expect(await primary(m, id)).toMatchObject({
      id: pending.id,
      status: "PAID",
      pg_tx_id: expect.stringMatching(/^sbx-tx-/),
    });
    expectError(await m.api.post(payUrl(id), cardPayBody(m)), 400, "PAYMENT_ALREADY_PAID");
    expect(await chargesAtProvider(m.merchant_id, id)).toHaveLength(1);
    await drainWebhooksUntil(() => webhooksFor(id).length >= 1);
    expect(webhooksFor(id)).toEqual([{ tx_id: pending.id, payment_id: id, status: "Paid" }]);
  });

  it("case 1: an approval arriving after its attempt was settled FAILED is never dropped: it is refunded at the provider", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    // The request reaches the provider only after our timeout (held until released): look-ups
    // before the call's deadline find nothing and settle nothing; one after it settles FAILED.
    releaseProvider = holdSlowFaults();
    const res = await m.api.post(
      payUrl(id),
      cardPayBody(m, SANDBOX_CARDS.VISA_OK, { order_name: "Queued order [sandbox:delayed]", total_amount: 7000 }),
    );
    expect(res.status).toBe(500);
    expect(res.body.params.pg_code).toBe("PROVIDER_OUTCOME_UNKNOWN");
    const pending = await primary(m, id);
    expect(pending.status).toBe("PENDING");
    await passCallDeadline(pending.id);
    await lookUpNow("transactions", pending.id);
    const failed = await primary(m, id);
    expect(failed).toMatchObject({ status: "FAILED", failure: { pg_code: "PROVIDER_NO_RECORD" } });
    await releaseProvider();

    // The approval lands (the late answer of the timed-out call) and is recorded as a late approval.
    const deadline = Date.now() + 5_000;
    const findLate = () =>
      getDb().selectFrom("late_approvals").selectAll().where("transaction_id", "=", failed.id).executeTakeFirst();
    let late = await findLate();
    while (!late) {
      if (Date.now() > deadline) throw new Error("the late approval was not recorded");
      await new Promise((r) => setTimeout(r, 50));
      late = await findLate();
    }
    expect(late).toMatchObject({ status: "REFUND_REQUESTED", amount: 7000, kind: "CHARGE" });
    await lookUpUntil(
      "late_approvals",
      late.id,
      async () =>
        (
          await getDb()
            .selectFrom("late_approvals")
            .select("status")
            .where("id", "=", late!.id)
            .executeTakeFirstOrThrow()
        ).status !== "REFUND_REQUESTED",
    );
    expect(
      await getDb()
        .selectFrom("late_approvals")
        .select(["status", "pg_cancellation_id"])
        .where("id", "=", late.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ status: "REFUNDED", pg_cancellation_id: expect.stringMatching(/^sbx-cancel-/) });
    expect((await primary(m, id)).status).toBe("FAILED");
    expect(await heldAtProvider(m.merchant_id, id)).toBe(0);

    // The customer pays again: charged once in all.
    expect((await m.api.post(payUrl(id), cardPayBody(m, SANDBOX_CARDS.VISA_OK, { total_amount: 7000 }))).status).toBe(
      200,
    );
    expect(await heldAtProvider(m.merchant_id, id)).toBe(7000);
  });

  it("case 2: a crash after the provider approved and before we recorded it: the sweep looks it up and settles PAID; no second charge", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const channel = (await findStoreChannel(m.merchant_id, m.store_id, paymentChannelKey(m)))!;
    const input = {
      merchantId: m.merchant_id,
      storeId: m.store_id,
      paymentId: id,
      channel,
      method: "CARD" as const,
      orderName: "o",
      currency: "KRW",
      totalAmount: 3000,
      taxFreeAmount: 0,
      customer: {},
      origin: { platform_type: "API" as const, ip_address: "127.0.0.1" },
      noticeUrls: [receiver.url],
    };
    // What the dead process did: recorded the attempt, the provider approved it, then nothing.
    const attempt = await startAttempt(input);
    expect(
      await sandboxPaymentProvider.approveCard({
        channel,
        txId: attempt.id,
        amount: 3000,
        taxFreeAmount: 0,
        currency: "KRW",
        orderName: "o",
        card: cardCredential(SANDBOX_CARDS.VISA_OK),
      }),
    ).toMatchObject({ ok: true });

    expectError(await m.api.post(payUrl(id), cardPayBody(m)), 400, "INVALID_REQUEST");
    // Looked up no later than 60 s after the call began (here: the 400 ms timeout + 2 s).
    expect(attempt.lookup_due_at! - attempt.requested_at).toBeLessThanOrEqual(60_000);
    const deadline = Date.now() + 15_000;
    while ((await row(attempt.id)).status === "PENDING") {
      if (Date.now() > deadline) throw new Error("the sweep never settled the attempt");
      await sweepUnsettled();
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await primary(m, id)).toMatchObject({ id: attempt.id, status: "PAID" });
    expectError(await m.api.post(payUrl(id), cardPayBody(m)), 400, "PAYMENT_ALREADY_PAID");
    expect(await chargesAtProvider(m.merchant_id, id)).toHaveLength(1);
    await drainWebhooksUntil(() => webhooksFor(id).length >= 1);
    expect(webhooksFor(id)).toEqual([{ tx_id: attempt.id, payment_id: id, status: "Paid" }]);
  });

  it("an unreachable provider never makes an attempt FAILED: look-ups repeat with backoff until it answers", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const channel = (await findStoreChannel(m.merchant_id, m.store_id, paymentChannelKey(m)))!;
    // The process died before its call left: the provider never saw it.
    const attempt = await startAttempt({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      paymentId: id,
      channel,
      method: "CARD",
      orderName: "o",
      currency: "KRW",
      totalAmount: 1000,
      taxFreeAmount: 0,
      customer: {},
      origin: { platform_type: "API", ip_address: "127.0.0.1" },
    });
    process.env.SANDBOX_FAULTS = "network=1";
    const delays: number[] = [];
    for (let i = 1; i <= 7; i++) {
      await lookUpNow("transactions", attempt.id);
      const r = await row(attempt.id);
      expect(r).toMatchObject({
        status: "PENDING",
        lookup_attempts: i,
        last_lookup_error: expect.stringContaining("ECONNREFUSED"),
      });
      delays.push(r.lookup_due_at! - Date.now());
    }
    // 5 s doubling, capped at 5 min (±10 % jitter).
    expect(delays[0]).toBeGreaterThan(4_000);
    expect(delays[0]).toBeLessThan(6_000);
    expect(delays[6]).toBeGreaterThan(270_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(330_000);
    process.env.SANDBOX_FAULTS = "";
    await passCallDeadline(attempt.id);
    await lookUpNow("transactions", attempt.id);
    expect(await primary(m, id)).toMatchObject({ status: "FAILED", failure: { pg_code: "PROVIDER_NO_RECORD" } });
    expect((await m.api.post(payUrl(id), cardPayBody(m))).status).toBe(200);
  });

  it("case 4: a cancellation whose outcome is unknown through a long outage keeps its amount reserved and is looked up until it settles", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m);
    process.env.SANDBOX_FAULTS = "network=1";
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 4000, reason: "customer asked" });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "PROVIDER_OUTCOME_UNKNOWN", pg_message: expect.any(String) },
    });
    const [cancellation] = (await primary(m, id)).cancellations;
    expect(cancellation).toMatchObject({ status: "REQUESTED", cancel_amount: 4000 });
    // More look-ups than the old recovery job's five tries: still REQUESTED, never given up.
    for (let i = 0; i < 8; i++) await lookUpNow("cancellations", cancellation.id);
    const stranded = await getDb()
      .selectFrom("cancellations")
      .selectAll()
      .where("id", "=", cancellation.id)
      .executeTakeFirstOrThrow();
    expect(stranded).toMatchObject({ status: "REQUESTED", lookup_attempts: 9 });
    expect(stranded.lookup_due_at).toBeGreaterThan(Date.now());
    // The reserved amount is not cancellable by anyone else meanwhile.
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { check_refundable_amount: 11000 })).body.code).toBe(
      "REFUNDABLE_AMOUNT_CONSISTENCY_BROKEN",
    );

    process.env.SANDBOX_FAULTS = "";
    await lookUpNow("cancellations", cancellation.id);
    const tx = await primary(m, id);
    expect(tx).toMatchObject({ status: "PARTIAL_CANCELLED", amount: { cancelled: 4000 } });
    expect(tx.cancellations[0]).toMatchObject({
      status: "SUCCEEDED",
      pg_cancellation_id: expect.stringMatching(/^sbx-cancel-/),
    });
    // The rest can still be cancelled: the payment can be fully cancelled.
    expect((await m.api.post(`/v2/payments/${id}/cancel`, {})).status).toBe(200);
    expect((await primary(m, id)).status).toBe("CANCELLED");
    expect(await heldAtProvider(m.merchant_id, id)).toBe(0);
  });

  it("a lost answer: the provider charged, the request learns it from an immediate look-up and answers 200", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const res = await m.api.post(
      payUrl(id),
      cardPayBody(m, SANDBOX_CARDS.VISA_OK, { order_name: "Order [sandbox:lost]" }),
    );
    expect(res.status).toBe(200);
    expect(await primary(m, id)).toMatchObject({ id: res.body.tx_id, status: "PAID", pg_tx_id: res.body.pg_tx_id });
    expect(await chargesAtProvider(m.merchant_id, id)).toHaveLength(1);
  });
});
