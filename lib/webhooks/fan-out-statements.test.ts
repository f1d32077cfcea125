import { describe, expect, it } from "vitest";
import { dialect, getDb } from "@/lib/db/client";
import { statementsExecuted, statementsPreparedAfresh } from "@/lib/db/statement-cache";
import { transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { enqueueLeased } from "@/lib/jobs/queue";
import { newMerchant } from "@/lib/testing/fixtures";
import { quiet } from "@/lib/testing/quiet";
import { startWebhookReceiver } from "@/lib/testing/webhook-receiver";
import { WEBHOOK_QUEUE } from "./deliveries";
import type { WebhookEvent } from "./enqueue";
import { fanOutWebhookJob } from "./fan-out";

/**
 * Statements a payment's webhook costs in the worker, from its event's job to the first attempt
 * recorded (each is a round trip, and under load the worker waits for a pooled
 * connection before each transaction). The event's job is written already leased to this test,
 * so no other file's drain runs it.
 */
describe("a webhook's fan-out and first attempt", () => {
  it("costs three statements on PostgreSQL: the fan-out's read and write, the first attempt's record", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const m = await newMerchant({ webhookUrl: receiver.url });
      let fewest = Number.POSITIVE_INFINITY;
      let afresh = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        const event: WebhookEvent = {
          merchantId: m.merchant_id,
          storeId: m.store_id,
          paymentId: `count-${newId()}`,
          txId: newId("tx_"),
          status: "Paid",
          noticeUrls: [],
        };
        const job = await transaction((tx) =>
          enqueueLeased(tx, { queue: WEBHOOK_QUEUE, payload: event }, "count", 60_000),
        );
        await quiet();
        const before = statementsExecuted();
        const preparedBefore = statementsPreparedAfresh();
        expect(await fanOutWebhookJob(event as never, job, { signal: new AbortController().signal })).toEqual({
          completed: true,
        });
        fewest = Math.min(fewest, statementsExecuted() - before);
        afresh = Math.min(afresh, statementsPreparedAfresh() - preparedBefore);
        expect(receiver.received.filter((r) => r.body.includes(event.paymentId))).toHaveLength(1);
      }
      // PostgreSQL: ONE read (fanned out already? the store's URL and signing secrets, the
      // transaction's method), ONE write (the event job's end, the delivery, its leased attempt
      // job: a data-modifying statement, no transaction), then the first attempt's ONE statement
      // (delivery update, attempt insert, attempt job's end). SQLite keeps its transactions (no round trips to
      // save) with the group commit's savepoints (2 per transaction).
      expect(fewest).toBe(dialect() === "postgres" ? 3 : 15);
      // Each of them is a statement the database parsed and planned before (PostgreSQL: named;
      // SQLite: cached): planned afresh, the job deletes, the delivery's update and the two inserts
      // were most of a webhook's PostgreSQL CPU at 100 payments/s.
      expect(afresh).toBe(0);
    } finally {
      await receiver.close();
    }
  });
  it("a fan-out whose event job another run took over writes nothing: no delivery, that run's job untouched", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const m = await newMerchant({ webhookUrl: receiver.url });
      const event: WebhookEvent = {
        merchantId: m.merchant_id,
        storeId: m.store_id,
        paymentId: `taken-${newId()}`,
        txId: newId("tx_"),
        status: "Paid",
        noticeUrls: [],
      };
      const job = await transaction((tx) =>
        enqueueLeased(tx, { queue: WEBHOOK_QUEUE, payload: event }, "count", 60_000),
      );
      await getDb().updateTable("jobs").set({ locked_by: "another-run" }).where("id", "=", job.id).execute();
      expect(await fanOutWebhookJob(event as never, job, { signal: new AbortController().signal })).toBeUndefined();
      const deliveries = await getDb()
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("payment_id", "=", event.paymentId)
        .execute();
      expect(deliveries).toEqual([]);
      expect(receiver.received).toEqual([]);
      expect(
        await getDb().selectFrom("jobs").select(["state", "locked_by"]).where("id", "=", job.id).executeTakeFirst(),
      ).toEqual({ state: "RUNNING", locked_by: "another-run" });
    } finally {
      await receiver.close();
    }
  });
});
