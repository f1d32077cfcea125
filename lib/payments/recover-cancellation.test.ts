import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { enqueue } from "@/lib/jobs/queue";
import { drainOnce } from "@/lib/jobs/worker";
import { newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { CANCELLATION_RECOVERY_DELAY_MS, CANCELLATION_RECOVERY_QUEUE } from "./cancellation-recovery-queue";

/** What a process that died right after reserving leaves behind: the amount claimed, the cancellation REQUESTED. */
async function strandedCancellation(paymentId: string, amount: number): Promise<string> {
  const tx = await getDb().selectFrom("transactions").selectAll().where("payment_id", "=", paymentId).executeTakeFirstOrThrow();
  const id = newId("cancel-");
  await getDb().updateTable("transactions").set({ cancelled_amount: sql<number>`cancelled_amount + ${amount}` }).where("id", "=", tx.id).execute();
  await getDb()
    .insertInto("cancellations")
    .values({ id, merchant_id: tx.merchant_id, store_id: tx.store_id, transaction_id: tx.id, payment_id: paymentId, status: "REQUESTED", cancel_amount: amount, tax_free_amount: 0, vat_amount: null, easy_pay_discount_amount: null, reason: "stranded", pg_cancellation_id: null, requested_at: Date.now(), cancelled_at: null, refund_account: null, failure_pg_code: null, failure_pg_message: null })
    .execute();
  await enqueue(getDb(), { queue: CANCELLATION_RECOVERY_QUEUE, payload: { cancellationId: id } });
  return id;
}

describe("cancellation recovery job", () => {
  it("every cancel books a recovery job well after any provider timeout", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m);
    const before = Date.now();
    const res = await m.api.post(`/v2/payments/${id}/cancel`, { cancel_amount: 100 });
    expect(res.status).toBe(200);
    const job = await getDb().selectFrom("jobs").selectAll().where("dedupe_key", "=", `cancellation-recovery:${res.body.cancellation_id}`).executeTakeFirstOrThrow();
    expect(job.queue).toBe(CANCELLATION_RECOVERY_QUEUE);
    expect(job.run_at).toBeGreaterThanOrEqual(before + CANCELLATION_RECOVERY_DELAY_MS);
  });

  it("finishes a stranded cancellation: the in-flight amount is not shown as cancelled until the provider confirms", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m);
    const cancellationId = await strandedCancellation(id, 4000);
    let tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx).toMatchObject({ status: "PAID", amount: { cancelled: 0 } });
    expect(tx.cancellations).toEqual([expect.objectContaining({ id: cancellationId, status: "REQUESTED" })]);
    // The reserved amount is not cancellable by anyone else meanwhile.
    expect((await m.api.post(`/v2/payments/${id}/cancel`, { check_refundable_amount: 11000 })).body.code).toBe("REFUNDABLE_AMOUNT_CONSISTENCY_BROKEN");

    await drainOnce(`test-${newId()}`, [CANCELLATION_RECOVERY_QUEUE]);
    tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx).toMatchObject({ status: "PARTIAL_CANCELLED", amount: { cancelled: 4000 } });
    expect(tx.cancellations[0]).toMatchObject({ status: "SUCCEEDED", pg_cancellation_id: expect.stringMatching(/.+/) });
    // Running it again changes nothing.
    await enqueue(getDb(), { queue: CANCELLATION_RECOVERY_QUEUE, payload: { cancellationId } });
    await drainOnce(`test-${newId()}`, [CANCELLATION_RECOVERY_QUEUE]);
    expect((await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0].amount.cancelled).toBe(4000);
  });

  it("a refused stranded cancellation is recorded FAILED and its amount released", async () => {
    const m = await newMerchant();
    const id = await paidPayment(m, "4000000000000259");
    await strandedCancellation(id, 11000);
    await drainOnce(`test-${newId()}`, [CANCELLATION_RECOVERY_QUEUE]);
    const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx).toMatchObject({ status: "PAID", amount: { cancelled: 0 } });
    expect(tx.cancellations[0]).toMatchObject({ status: "FAILED" });
    const row = await getDb().selectFrom("transactions").select("cancelled_amount").where("id", "=", tx.id).executeTakeFirstOrThrow();
    expect(row.cancelled_amount).toBe(0);
  });
});
