import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { newMerchant } from "@/lib/testing/fixtures";
import { startWebhookReceiver } from "@/lib/testing/webhook-receiver";
import { createLeasedDelivery, eventBody, signingSecrets } from "./deliveries";
import { attemptLeasedDelivery } from "./deliver";

/**
 * A fan-out's first attempt records the attempt and ends its leased job together (on PostgreSQL
 * in one statement): all of it or none, and only while the run holds the job's lease.
 */
async function leasedDelivery(url: string) {
  const m = await newMerchant();
  const paymentId = `leased-${newId()}`;
  const { delivery, job } = await transaction((tx) =>
    createLeasedDelivery(
      tx,
      {
        merchantId: m.merchant_id,
        storeId: m.store_id,
        paymentId,
        txId: newId("tx_"),
        eventType: "Paid",
        url,
        urlSource: "STORE",
        trigger: "NOTIFICATION_SETTING",
        isAsync: true,
        body: eventBody({ tx_id: null, payment_id: paymentId, status: "Paid" }),
      },
      "leased-test",
      60_000,
    ),
  );
  return { delivery, job, secrets: await signingSecrets(delivery) };
}

const db = () => getDb();
const jobRow = (id: string) => db().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
const deliveryRow = (id: string) =>
  db().selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const attemptRows = (deliveryId: string) =>
  db().selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", deliveryId).execute();

describe("a leased first attempt's record and its job's end", () => {
  it("succeeded: the attempt recorded, the delivery SUCCEEDED and the job deleted", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { delivery, job, secrets } = await leasedDelivery(receiver.url);
      const result = await attemptLeasedDelivery(delivery, job, secrets);
      expect(result && "attempt" in result ? result.retryAt : "none").toBeNull();
      expect(await jobRow(job.id)).toBeUndefined();
      expect(await deliveryRow(delivery.id)).toMatchObject({ state: "SUCCEEDED", attempts: 1, next_attempt_at: null });
      const attempts = await attemptRows(delivery.id);
      expect(attempts.map((a) => [a.status, Number(a.execution), Number(a.response_code)])).toEqual([
        ["SUCCEEDED", 1, 200],
      ]);
      expect(JSON.parse(attempts[0]!.request_header)["webhook-id"]).toBe(delivery.id);
    } finally {
      await receiver.close();
    }
  });

  it("failed: the attempt recorded, the delivery PENDING and the job queued again at the retry, unleased", async () => {
    const receiver = await startWebhookReceiver(() => 500);
    try {
      const { delivery, job, secrets } = await leasedDelivery(receiver.url);
      const result = await attemptLeasedDelivery(delivery, job, secrets);
      const retryAt = result && "attempt" in result ? result.retryAt : null;
      expect(retryAt).toEqual(expect.any(Number));
      expect(await jobRow(job.id)).toMatchObject({
        state: "QUEUED",
        locked_by: null,
        locked_until: null,
        last_error: "attempt 1 REQUEST_FAILED",
      });
      expect(Number((await jobRow(job.id))!.run_at)).toBe(retryAt);
      expect(await deliveryRow(delivery.id)).toMatchObject({ state: "PENDING", attempts: 1 });
      expect(Number((await deliveryRow(delivery.id)).next_attempt_at)).toBe(retryAt);
      expect((await attemptRows(delivery.id)).map((a) => [a.status, Number(a.response_code)])).toEqual([
        ["REQUEST_FAILED", 500],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("lease lost (another worker took the job over): nothing recorded, the new holder's job untouched", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { delivery, job, secrets } = await leasedDelivery(receiver.url);
      await db().updateTable("jobs").set({ locked_by: "another-worker" }).where("id", "=", job.id).execute();
      expect(await attemptLeasedDelivery(delivery, job, secrets)).toBeNull();
      expect(receiver.received).toHaveLength(1);
      expect(await jobRow(job.id)).toMatchObject({ state: "RUNNING", locked_by: "another-worker" });
      expect(await deliveryRow(delivery.id)).toMatchObject({ state: "PENDING", attempts: 0 });
      expect(await attemptRows(delivery.id)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it("the attempt recorded by another run already: this run records nothing and its job stays leased", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { delivery, job, secrets } = await leasedDelivery(receiver.url);
      await db().updateTable("webhook_deliveries").set({ attempts: 1 }).where("id", "=", delivery.id).execute();
      expect(await attemptLeasedDelivery(delivery, job, secrets)).toBeNull();
      expect(await jobRow(job.id)).toMatchObject({ state: "RUNNING", locked_by: job.locked_by });
      expect(await deliveryRow(delivery.id)).toMatchObject({ state: "PENDING", attempts: 1 });
      expect(await attemptRows(delivery.id)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
