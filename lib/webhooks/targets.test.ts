import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { TEST_WEBHOOK_URL } from "@/lib/testing/webhook-events";
import { queueResend } from "./targets";

/** A paid payment's primary transaction with its stored notice_urls replaced by `stored`. */
async function transactionWithNoticeUrls(stored: string | null) {
  const m = inProcess(await newMerchant({ webhookUrl: TEST_WEBHOOK_URL }));
  const paymentId = await paidPayment(m, "4242424242424242", { notice_urls: ["https://example.com/hook"] });
  const db = getDb();
  const row = await db
    .selectFrom("transactions")
    .select(["id", "payment_id", "status"])
    .where("store_id", "=", m.store_id)
    .where("payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();
  await db.updateTable("transactions").set({ notice_urls: stored }).where("id", "=", row.id).execute();
  const store = { id: m.store_id, merchant_id: m.merchant_id };
  return { store, transaction: { ...row, notice_urls: stored } };
}

describe("manual resend of a transaction without webhooks: its stored notice_urls", () => {
  it("sends to the payment's own addresses when they are stored", async () => {
    const { store, transaction } = await transactionWithNoticeUrls(JSON.stringify(["https://example.com/a"]));
    const queued = await queueResend(getDb(), store, { kind: "transaction", transaction }, { isAsync: true });
    expect(queued).toHaveLength(1);
    const delivery = await getDb()
      .selectFrom("webhook_deliveries")
      .select(["url", "url_source"])
      .where("id", "=", queued[0]!.deliveryId)
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({ url: "https://example.com/a", url_source: "NOTICE_URLS" });
  });

  it.each([
    ["not JSON", "https://example.com/a"],
    ["JSON of another shape", '{"url":"https://example.com/a"}'],
    ["a list of non-strings", "[1,2]"],
  ])(
    "fails naming the table, column and row when they are %s (never falls back to the store's address)",
    async (_, stored) => {
      const { store, transaction } = await transactionWithNoticeUrls(stored);
      await expect(
        queueResend(getDb(), store, { kind: "transaction", transaction }, { isAsync: true }),
      ).rejects.toThrow(`transactions.notice_urls of ${transaction.id}: stored JSON does not have the expected shape`);
    },
  );
});
