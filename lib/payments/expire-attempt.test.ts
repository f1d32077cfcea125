import { describe, expect, it } from "vitest";
import { findStoreChannel } from "@/lib/channels/repository";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { drainOnce } from "@/lib/jobs/worker";
import { newMerchant } from "@/lib/testing/fixtures";
import { expectError } from "@/lib/testing/payment-assertions";
import { cardPayBody, newPaymentId, paymentChannelKey } from "@/lib/testing/payments";
import { ATTEMPT_EXPIRY_DELAY_MS, ATTEMPT_EXPIRY_QUEUE } from "./attempt-expiry-queue";
import { startAttempt } from "./attempts";

describe("attempt expiry job", () => {
  it("closes an attempt left PENDING by a dead process, so the payment id can be paid again", async () => {
    const m = await newMerchant();
    const paymentId = newPaymentId();
    const channel = (await findStoreChannel(m.merchant_id, m.store_id, paymentChannelKey(m)))!;
    const before = Date.now();
    // What a process that died between startAttempt and completeAttempt leaves behind.
    const attempt = await startAttempt({ merchantId: m.merchant_id, storeId: m.store_id, paymentId, channel, method: "CARD", orderName: "o", currency: "KRW", totalAmount: 1000, taxFreeAmount: 0, customer: {}, origin: { platform_type: "API", ip_address: "127.0.0.1" } });
    expectError(await m.api.post(`/v2/payments/${paymentId}/instant/pay`, cardPayBody(m)), 400, "INVALID_REQUEST");

    const job = await getDb().selectFrom("jobs").selectAll().where("dedupe_key", "=", `attempt-expiry:${attempt.id}`).executeTakeFirstOrThrow();
    expect(job.run_at).toBeGreaterThanOrEqual(before + ATTEMPT_EXPIRY_DELAY_MS);
    await getDb().updateTable("jobs").set({ run_at: Date.now() }).where("id", "=", job.id).execute();
    await drainOnce(`test-${newId()}`, [ATTEMPT_EXPIRY_QUEUE]);

    const tx = (await m.api.get(`/v2/payments/${paymentId}`)).body.payment.transactions[0];
    expect(tx).toMatchObject({ status: "FAILED", failure: { pg_code: "ATTEMPT_ABANDONED" } });
    expect((await m.api.post(`/v2/payments/${paymentId}/instant/pay`, cardPayBody(m))).status).toBe(200);
  });

  it("leaves a completed attempt alone", async () => {
    const m = await newMerchant();
    const paymentId = newPaymentId();
    const res = await m.api.post(`/v2/payments/${paymentId}/instant/pay`, cardPayBody(m));
    expect(res.status).toBe(200);
    await getDb().updateTable("jobs").set({ run_at: Date.now() }).where("dedupe_key", "=", `attempt-expiry:${res.body.tx_id}`).execute();
    await drainOnce(`test-${newId()}`, [ATTEMPT_EXPIRY_QUEUE]);
    expect((await m.api.get(`/v2/payments/${paymentId}`)).body.payment.transactions[0].status).toBe("PAID");
  });
});
