import { describe, expect, it } from "vitest";
import { seedDemoCashReceipts } from "@/lib/cash-receipts/demo-seed";
import { findLatestReceipt } from "@/lib/cash-receipts/repository";
import { seedDemoPayments } from "@/lib/payments/seed/demo-seed";
import { newMerchant } from "@/lib/testing/fixtures";
import { seedDemoVerifications } from "./demo-seed";
import { findVerification } from "./repository";

describe("identity and cash-receipt demo seeders", () => {
  it("create verified and pending verifications and issued and cancelled receipts through the service verbs", async () => {
    const m = await newMerchant();
    const demo = { merchantId: m.merchant_id, storeId: m.store_id };
    await seedDemoPayments(demo);
    await seedDemoVerifications(demo);
    await seedDemoCashReceipts(demo);
    expect((await findVerification(m.merchant_id, m.store_id, "demo-identity-1"))?.status).toBe("VERIFIED");
    expect((await findVerification(m.merchant_id, m.store_id, "demo-identity-2"))?.sent_at).not.toBeNull();
    expect(await findLatestReceipt(m.merchant_id, m.store_id, "demo-order-1005")).toMatchObject({
      status: "ISSUED",
      is_manual: 1,
      transaction_id: expect.any(String),
    });
    expect((await findLatestReceipt(m.merchant_id, m.store_id, "demo-offline-2001"))?.status).toBe("ISSUED");
    expect((await findLatestReceipt(m.merchant_id, m.store_id, "demo-offline-2002"))?.status).toBe("CANCELLED");
  });
});
