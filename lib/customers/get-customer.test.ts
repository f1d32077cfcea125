import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { newId } from "@/lib/ids";
import { issueKey, contextOf } from "@/lib/testing/billing";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { createSchedule } from "@/lib/schedules/create-schedule";
import { getCustomer } from "./get-customer";
import { findStoreCustomers } from "./repository";

/** A receipt row as the issue verb writes it (whether a card payment may have one is not this test's concern). */
async function insertReceipt(m: { merchant_id: string; store_id: string }, paymentId: string) {
  const channel = await getDb()
    .selectFrom("channels")
    .selectAll()
    .where("store_id", "=", m.store_id)
    .executeTakeFirstOrThrow();
  await getDb()
    .insertInto("cash_receipts")
    .values({
      id: newId("cr_"),
      merchant_id: m.merchant_id,
      store_id: m.store_id,
      payment_id: paymentId,
      transaction_id: null,
      is_manual: 1,
      channel_id: channel.id,
      channel_type: "TEST",
      channel: "{}",
      type: "PERSONAL",
      status: "ISSUED",
      order_name: "x",
      currency: "KRW",
      amount: 1000,
      tax_free_amount: 0,
      product_type: null,
      customer_identifier: "****5678",
      customer_name: null,
      customer_email: null,
      pg_receipt_id: newId("pgr_"),
      pg_tx_id: newId("pgt_"),
      issue_number: "1",
      receipt_token: newId("tok_"),
      issued_at: Date.now(),
      cancelled_at: null,
      cancelled_amount: null,
      updated_at: Date.now(),
    })
    .execute();
}

const notFound = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ code: "NOT_FOUND" });

describe("customer view", () => {
  it("gathers one store's payments, refunds, billing keys, schedules and receipts of a customer", async () => {
    const m = await newMerchant();
    const id = `cust-${Date.now().toString(36)}`;
    const customer = { customer_id: id, customer_name: { full_name: "김나리" }, phone_number: "01012345678" };
    const paymentId = await paidPayment(m, undefined, { customer });
    await paidPayment(m, undefined, { customer: { customer_id: "someone-else" } });
    expect((await m.api.post(`/v2/payments/${paymentId}/cancel`, { amount: 300, reason: "partial" })).status).toBe(200);
    await insertReceipt(m, paymentId);
    const key = await issueKey(m, undefined, { customer: { customer_id: id } });
    const schedule = await createSchedule({
      ctx: contextOf(m),
      input: {
        billing_key: key,
        payment_id: `sched-${id}`,
        order_name: "Plan",
        total_amount: 9900,
        currency: "KRW",
        scheduled_at: Date.now() + 3_600_000,
      },
    });

    const view = await getCustomer({ ctx: contextOf(m), input: { customerId: id } });
    expect(view.payments.map((p) => p.payment_id)).toEqual([paymentId]);
    expect(view.phone).toBe("01012345678");
    expect(view.refunds.map((r) => r.cancel_amount)).toEqual([300]);
    expect(view.billingKeys.map((k) => k.id)).toEqual([key]);
    expect(view.schedules.map((s) => s.id)).toEqual([schedule.id]);
    expect(view.receipts.map((r) => r.payment_id)).toEqual([paymentId]);
  });

  it("answers NOT_FOUND for another merchant's customer, another store's, and to a store-limited user", async () => {
    const m = await newMerchant({ hosting: true });
    const other = await newMerchant();
    const second = await transaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second", isDefault: false }),
    );
    await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, customer: { id: "cust-home" } });
    await createPayment({ merchantId: m.merchant_id, storeId: second.id, customer: { id: "cust-second" } });
    await createPayment({ merchantId: other.merchant_id, storeId: other.store_id, customer: { id: "cust-foreign" } });

    const home = contextOf(m);
    expect((await getCustomer({ ctx: home, input: { customerId: "cust-home" } })).payments).toHaveLength(1);
    await notFound(getCustomer({ ctx: home, input: { customerId: "cust-second" } }));
    await notFound(getCustomer({ ctx: home, input: { customerId: "cust-foreign" } }));
    await notFound(getCustomer({ ctx: home, input: { customerId: "nobody" } }));

    // A user limited to the second store acts on it alone.
    const limited = dashboardContextOf({ merchant_id: m.merchant_id, store_id: second.id }, [second.id], true);
    expect((await getCustomer({ ctx: limited, input: { customerId: "cust-second" } })).payments).toHaveLength(1);
    await notFound(getCustomer({ ctx: limited, input: { customerId: "cust-home" } }));

    // The search palette finds customers only in the stores the user sees.
    expect(await findStoreCustomers(m.merchant_id, [second.id], "cust-", 5)).toEqual([
      {
        store_id: second.id,
        customer_id: "cust-second",
        customer_name: null,
        customer_email: null,
        customer_phone: null,
      },
    ]);
  });
});
