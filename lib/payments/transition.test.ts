import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, withTransaction } from "@/lib/db/client";
import { IllegalTransitionError, StaleWriteError } from "@/lib/db/conditional";
import { newId } from "@/lib/ids";
import { transitionSchedule } from "@/lib/schedules/repository";
import { newMerchant } from "@/lib/testing/fixtures";
import { drainWebhooksUntil, startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { addStoreEndpoint } from "@/lib/testing/webhook-endpoint";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { transitionCancellation } from "./cancel/repository";
import { transitionEscrow } from "./escrow/repository";
import { lockTransaction } from "./transactions/repository";
import { settleAttempt } from "./pay/settle-attempt";
import { transitionTransaction } from "./transition";

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

/** A merchant whose store URL receives its webhooks, so each event leaves a delivery record. */
async function merchant() {
  const m = await newMerchant();
  await addStoreEndpoint(m, receiver.url);
  return m;
}

/** The webhook events a transaction announced, once the outbox has been drained (by anyone). */
async function eventsOf(txId: string, expected: number) {
  const events = () =>
    getDb().selectFrom("webhook_deliveries").select("event_type").where("tx_id", "=", txId).execute();
  await drainWebhooksUntil(async () => (await events()).length >= expected);
  return (await events()).map((e) => e.event_type);
}

describe("transition functions", () => {
  it("transaction: refuses a move its state table does not list", async () => {
    const m = await newMerchant();
    const failed = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, outcome: "FAILED" });
    await expect(
      withTransaction(async (tx) => transitionTransaction(tx, await lockTransaction(tx, failed.id), "PAID")),
    ).rejects.toBeInstanceOf(IllegalTransitionError);
  });

  it("transaction: a write that matched no row (the row changed since it was read) is an error, and nothing of it commits", async () => {
    const m = await merchant();
    const pending = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, outcome: "PENDING" });
    await settleAttempt(pending.id, { kind: "declined", failure: { ok: false, pgCode: "X", pgMessage: "x" } });
    // `pending` is the row as read before it was settled FAILED.
    await expect(withTransaction((tx) => transitionTransaction(tx, pending, "FAILED"))).rejects.toBeInstanceOf(
      StaleWriteError,
    );
    expect(await eventsOf(pending.id, 1)).toEqual(["Failed"]);
  });

  it("transaction: the webhook is written in the same DB transaction as the state (rolled back together)", async () => {
    const m = await merchant();
    const pending = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, outcome: "PENDING" });
    await expect(
      withTransaction(async (tx) => {
        await transitionTransaction(tx, await lockTransaction(tx, pending.id), "FAILED");
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(
      (await getDb().selectFrom("transactions").select("status").where("id", "=", pending.id).executeTakeFirstOrThrow())
        .status,
    ).toBe("PENDING");
    await withTransaction(async (tx) => transitionTransaction(tx, await lockTransaction(tx, pending.id), "FAILED"));
    // One event: the rolled-back move announced nothing.
    expect(await eventsOf(pending.id, 1)).toEqual(["Failed"]);
  });

  it("attempt: settling twice with the same answer is a no-op (one webhook)", async () => {
    const m = await merchant();
    const pending = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, outcome: "PENDING" });
    const approval = { ok: true as const, pgTxId: "pg-1", approvalNumber: "1", pgResponse: "{}" };
    await Promise.all([
      settleAttempt(pending.id, { kind: "approved", approval }),
      settleAttempt(pending.id, { kind: "approved", approval }),
    ]);
    expect(await eventsOf(pending.id, 1)).toEqual(["Paid"]);
  });

  it("cancellation: the state table and the conditional write", async () => {
    const m = await newMerchant();
    const paid = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id });
    const c = {
      id: newId("cancel-"),
      merchant_id: m.merchant_id,
      store_id: m.store_id,
      transaction_id: paid.id,
      payment_id: paid.payment_id,
      status: "REQUESTED" as const,
      cancel_amount: 100,
      tax_free_amount: 0,
      vat_amount: null,
      easy_pay_discount_amount: null,
      reason: "r",
      pg_cancellation_id: null,
      requested_at: Date.now(),
      cancelled_at: null,
      refund_account: null,
      failure_pg_code: null,
      failure_pg_message: null,
      lookup_due_at: null,
      lookup_attempts: 0,
      last_lookup_error: null,
      idempotency_key: null,
    };
    await getDb().insertInto("cancellations").values(c).execute();
    await withTransaction((tx) => transitionCancellation(tx, c, "FAILED"));
    await expect(withTransaction((tx) => transitionCancellation(tx, c, "SUCCEEDED"))).rejects.toBeInstanceOf(
      StaleWriteError,
    );
    await expect(
      withTransaction((tx) => transitionCancellation(tx, { ...c, status: "FAILED" }, "SUCCEEDED")),
    ).rejects.toBeInstanceOf(IllegalTransitionError);
  });

  it("escrow: NONE → REGISTERED → COMPLETED, nothing after; a stale read is refused", async () => {
    const m = await newMerchant();
    const paid = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id });
    const detail = {
      company: "ETC",
      invoice_number: "1",
      sent_at: "2026-01-01T00:00:00.000Z",
      applied_at: "2026-01-01T00:00:00.000Z",
    };
    const registered = await withTransaction(async (tx) =>
      transitionEscrow(tx, await lockTransaction(tx, paid.id), { ...detail, status: "REGISTERED" }),
    );
    await expect(
      withTransaction((tx) => transitionEscrow(tx, paid, { ...detail, status: "REGISTERED" })),
    ).rejects.toBeInstanceOf(StaleWriteError);
    const completed = await withTransaction((tx) =>
      transitionEscrow(tx, registered, { ...detail, status: "COMPLETED" }),
    );
    await expect(
      withTransaction((tx) => transitionEscrow(tx, completed, { ...detail, status: "REGISTERED" })),
    ).rejects.toBeInstanceOf(IllegalTransitionError);
  });

  it("schedule: a conditional move that lost its race is an error the caller sees", async () => {
    await expect(
      transitionSchedule(getDb(), { id: newId("sch-"), status: "SCHEDULED" }, "STARTED"),
    ).rejects.toBeInstanceOf(StaleWriteError);
    await expect(
      transitionSchedule(getDb(), { id: newId("sch-"), status: "COMPLETED" }, "STARTED"),
    ).rejects.toBeInstanceOf(IllegalTransitionError);
  });
});
