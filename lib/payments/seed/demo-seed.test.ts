import { describe, expect, it } from "vitest";
import { newMerchant } from "@/lib/testing/fixtures";
import { seedDemoPayments } from "./demo-seed";
import { loadPayment } from "../read/load-payment";

describe("seedDemoPayments", () => {
  it("creates paid, partly cancelled, virtual-account and failed sample payments through the service verbs", async () => {
    const m = await newMerchant();
    await seedDemoPayments({ merchantId: m.merchant_id, storeId: m.store_id });
    const status = async (paymentId: string) =>
      (await loadPayment(m.merchant_id, { storeId: m.store_id, paymentId }))?.transactions.at(-1);
    expect((await status("demo-order-1001"))?.status).toBe("PAID");
    expect(await status("demo-order-1002")).toMatchObject({
      status: "PARTIAL_CANCELLED",
      amount: { cancelled: 20000, cancelled_tax_free: 20000 },
    });
    expect((await status("demo-order-1003"))?.status).toBe("VIRTUAL_ACCOUNT_ISSUED");
    expect(await status("demo-order-1004")).toMatchObject({ status: "FAILED", failure: { pg_code: "CARD_DECLINED" } });
  });
});
