import { describe, expect, it } from "vitest";
import { addStoreEndpoint } from "@/lib/testing/webhook-endpoint";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { TEST_WEBHOOK_URL, webhookEvents } from "@/lib/testing/webhook-events";

describe("webhook outbox", () => {
  it("writes no webhook job for a payment in a store without a webhook address", async () => {
    const m = inProcess(await newMerchant());
    const id = await paidPayment(m);
    expect(await webhookEvents(id)).toEqual([]);
  });

  it("still writes it when the store has an enabled endpoint, or the request names notice_urls", async () => {
    const m = inProcess(await newMerchant());
    const withNotice = await paidPayment(m, "4242424242424242", { notice_urls: [TEST_WEBHOOK_URL] });
    await addStoreEndpoint(m, TEST_WEBHOOK_URL);
    const withStoreUrl = await paidPayment(m);
    expect((await webhookEvents(withNotice)).map((e) => e.status)).toEqual(["Paid"]);
    expect((await webhookEvents(withStoreUrl)).map((e) => e.status)).toEqual(["Paid"]);
  });
});
