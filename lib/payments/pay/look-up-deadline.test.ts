import { describe, expect, it } from "vitest";
import { findStoreChannel } from "@/lib/channels/repository";
import { getDb } from "@/lib/db/client";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { sandboxPaymentProvider } from "@/lib/providers/sandbox/payment-provider";
import { passCallDeadline } from "@/lib/testing/call-deadline";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardCredential, newPaymentId, paymentChannelKey } from "@/lib/testing/payments";
import { holdLookupsDuringCall } from "../unsettled/repository/look-ups";
import { lookUpNow, sweepUnsettled } from "../unsettled/sweep";
import { startAttempt } from "./start-attempt";

/**
 * "no record" at the provider settles an attempt FAILED only once its call can
 * no longer be in flight (deadline plus margin), whoever asks: the sweep, a retried request or the
 * dashboard's "look up now" (both lookUpNow). Before that the request may still land and charge.
 */
process.env.PROVIDER_TIMEOUT_MS = "1000";

const state = (id: string) =>
  getDb()
    .selectFrom("transactions")
    .select(["status", "lookup_due_at", "lookup_attempts", "call_deadline_at", "failure_pg_code"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

/** An attempt whose call is on its way (sent by a process that then died): the provider has not seen it yet. */
async function attemptInFlight() {
  const m = await newMerchant();
  const paymentId = newPaymentId();
  const channel = (await findStoreChannel(m.merchant_id, m.store_id, paymentChannelKey(m)))!;
  const attempt = await startAttempt({
    merchantId: m.merchant_id,
    storeId: m.store_id,
    paymentId,
    channel,
    method: "CARD",
    orderName: "o",
    currency: "KRW",
    totalAmount: 5000,
    taxFreeAmount: 0,
    customer: {},
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
  });
  const land = () =>
    sandboxPaymentProvider.approveCard({
      channel,
      txId: attempt.id,
      amount: 5000,
      taxFreeAmount: 0,
      currency: "KRW",
      orderName: "o",
      card: cardCredential(SANDBOX_CARDS.VISA_OK),
    });
  return { attempt, land };
}

const lateApprovals = (id: string) =>
  getDb().selectFrom("late_approvals").select("id").where("transaction_id", "=", id).execute();

describe("no record before the call's deadline", () => {
  it("a look-up now (retry, dashboard) keeps the attempt PENDING, books the next look-up at the deadline, and the landing request settles it PAID", async () => {
    const { attempt, land } = await attemptInFlight();
    expect(await lookUpNow("transactions", attempt.id)).toBe(true);
    const after = await state(attempt.id);
    expect(after).toMatchObject({ status: "PENDING", lookup_attempts: 0, failure_pg_code: null });
    expect(after.lookup_due_at).toBe(attempt.call_deadline_at);

    expect(await land()).toMatchObject({ ok: true });
    expect(await lookUpNow("transactions", attempt.id)).toBe(true);
    expect((await state(attempt.id)).status).toBe("PAID");
    expect(await lateApprovals(attempt.id)).toEqual([]);
  });

  it("look-ups before the deadline (a client retrying) do not grow the backoff: the next is due at the deadline", async () => {
    const { attempt } = await attemptInFlight();
    for (let i = 0; i < 4; i++) expect(await lookUpNow("transactions", attempt.id)).toBe(true);
    const after = await state(attempt.id);
    expect(after).toMatchObject({ status: "PENDING", lookup_attempts: 0 });
    expect(after.lookup_due_at).toBe(attempt.call_deadline_at);
    // The deadline passes (the look-up falls due with it): the sweep's look-up settles it.
    await passCallDeadline(attempt.id);
    await getDb()
      .updateTable("transactions")
      .set({ lookup_due_at: Date.now() - 1 })
      .where("id", "=", attempt.id)
      .execute();
    // Other files' due look-ups share the database: a batch large enough to reach this one.
    await sweepUnsettled(1_000);
    expect(await state(attempt.id)).toMatchObject({ status: "FAILED", failure_pg_code: "PROVIDER_NO_RECORD" });
  });

  it("the sweep, once the look-up is due early (markUnknown), waits too; after the deadline no record settles FAILED", async () => {
    const { attempt } = await attemptInFlight();
    await getDb()
      .updateTable("transactions")
      .set({ lookup_due_at: Date.now() - 1 })
      .where("id", "=", attempt.id)
      .execute();
    // Other files' due look-ups share the database: a batch large enough to reach this one.
    await sweepUnsettled(1_000);
    expect(await state(attempt.id)).toMatchObject({ status: "PENDING", lookup_attempts: 0 });

    await passCallDeadline(attempt.id);
    await lookUpNow("transactions", attempt.id);
    expect(await state(attempt.id)).toMatchObject({ status: "FAILED", failure_pg_code: "PROVIDER_NO_RECORD" });
  });

  it("a call sent again (a resumed schedule run) moves the deadline: no record before it settles nothing", async () => {
    const { attempt } = await attemptInFlight();
    await passCallDeadline(attempt.id);
    const before = Date.now();
    await holdLookupsDuringCall("transactions", attempt.id);
    const held = await state(attempt.id);
    expect(held.call_deadline_at).toBeGreaterThanOrEqual(before + 1000);
    await lookUpNow("transactions", attempt.id);
    expect((await state(attempt.id)).status).toBe("PENDING");
  });
});
