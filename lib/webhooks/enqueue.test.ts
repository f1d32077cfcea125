import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { TEST_WEBHOOK_URL, webhookEvents } from "@/lib/testing/webhook-events";

describe("webhook outbox", () => {
  it("writes no webhook job for a payment in a store without a webhook address", async () => {
    const m = inProcess(await newMerchant());
    await getDb().updateTable("stores").set({ webhook_url: null }).where("id", "=", m.store_id).execute();
    const id = await paidPayment(m);
    expect(await webhookEvents(id)).toEqual([]);
  });

  it("still writes it when the store has an address, or the request names notice_urls", async () => {
    const m = inProcess(await newMerchant());
    await getDb().updateTable("stores").set({ webhook_url: null }).where("id", "=", m.store_id).execute();
    const withNotice = await paidPayment(m, "4242424242424242", { notice_urls: [TEST_WEBHOOK_URL] });
    await getDb().updateTable("stores").set({ webhook_url: TEST_WEBHOOK_URL }).where("id", "=", m.store_id).execute();
    const withStoreUrl = await paidPayment(m);
    expect((await webhookEvents(withNotice)).map((e) => e.status)).toEqual(["Paid"]);
    expect((await webhookEvents(withStoreUrl)).map((e) => e.status)).toEqual(["Paid"]);
  });
});
