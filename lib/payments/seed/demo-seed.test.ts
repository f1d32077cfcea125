import { describe, expect, it } from "vitest";
import { getCustomer } from "@/lib/customers/get-customer";
import { contextOf } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { DEMO_CUSTOMERS, seedDemoPayments } from "./demo-seed";
import { loadPayment } from "../read/load-payment";

const HANGUL = /^[\uAC00-\uD7A3 ]+$/;

describe("seedDemoPayments", () => {
  it("creates paid, partly refunded, virtual-account (open and deposited) and failed payments through the service verbs", async () => {
    const m = await newMerchant();
    await seedDemoPayments({ merchantId: m.merchant_id, storeId: m.store_id });
    const last = async (paymentId: string) =>
      (await loadPayment(m.merchant_id, { storeId: m.store_id, paymentId }))?.transactions.at(-1);
    expect((await last("demo-order-1001"))?.status).toBe("PAID");
    expect(await last("demo-order-1002")).toMatchObject({
      status: "PARTIAL_CANCELLED",
      amount: { total: 120000, cancelled: 20000, cancelled_tax_free: 20000 },
    });
    expect((await last("demo-order-1003"))?.status).toBe("VIRTUAL_ACCOUNT_ISSUED");
    expect(await last("demo-order-1005")).toMatchObject({ status: "PAID", method: "VIRTUAL_ACCOUNT" });
    const failed = await last("demo-order-1004");
    expect(failed).toMatchObject({ status: "FAILED", failure: { pg_code: "INSUFFICIENT_FUNDS" } });
    expect(failed?.failure?.pg_message ?? failed?.failure?.reason).toBeTruthy();
  });

  it("gives the demo's customers Korean names and mobile numbers, visible in the customer view", async () => {
    const m = await newMerchant();
    await seedDemoPayments({ merchantId: m.merchant_id, storeId: m.store_id });
    const first = await loadPayment(m.merchant_id, { storeId: m.store_id, paymentId: "demo-order-1001" });
    expect(first?.transactions.at(-1)?.order_name).toMatch(/[\uAC00-\uD7A3]/);
    for (const c of Object.values(DEMO_CUSTOMERS)) {
      expect(c.name).toMatch(HANGUL);
      expect(c.phone).toMatch(/^010-\d{4}-\d{4}$/);
    }
    const minji = await getCustomer({ ctx: contextOf(m), input: { customerId: DEMO_CUSTOMERS.minji.customer_id } });
    expect(minji).toMatchObject({ name: "김민지", phone: "010-2345-6789", email: "minji@example.com" });
    expect(minji.payments.map((p) => p.payment_id).sort()).toEqual(["demo-order-1001", "demo-order-1005"]);
    const jiho = await getCustomer({ ctx: contextOf(m), input: { customerId: DEMO_CUSTOMERS.jiho.customer_id } });
    expect(jiho.refunds.map((r) => r.cancel_amount)).toEqual([20000]);
  });
});
