import { describe, expect, it } from "vitest";
import { transaction } from "@/lib/db/transaction";
import { contextOf } from "@/lib/testing/billing";
import { dashboardContextOf } from "@/lib/testing/dashboard-context";
import { newMerchant } from "@/lib/testing/fixtures";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { insertStore } from "@/lib/tenancy/insert-store";
import { listCustomers } from "./list-customers";
import { readCustomer } from "./read-customer";
import { customerSearchText } from "./search-text";

const page = { page: 0, limit: 20 };
const ids = (r: { customers: { id: string }[] }) => r.customers.map((c) => c.id).sort();

describe("customers API verbs", () => {
  it("search finds a store's customers by name, e-mail or phone, a phone's digits with or without dashes", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const tag = Date.now().toString(36);
    const at = { merchantId: m.merchant_id, storeId: m.store_id };
    await createPayment({
      ...at,
      customer: {
        id: `a-${tag}`,
        name: `김서준${tag}`,
        email: `seojun-${tag}@example.com`,
        phone_number: "010-7777-1234",
      },
    });
    await createPayment({
      ...at,
      customer: {
        id: `b-${tag}`,
        name: `박하은${tag}`,
        email: `haeun-${tag}@example.com`,
        phone_number: "01088885678",
      },
    });
    await createPayment({ ...at, customer: { id: `b-${tag}`, name: `박하은${tag}` }, outcome: "FAILED" });
    await createPayment({
      merchantId: other.merchant_id,
      storeId: other.store_id,
      customer: { id: `c-${tag}`, name: `김서준${tag}`, phone_number: "010-7777-1234" },
    });
    const ctx = contextOf(m);
    const find = async (q: string) => ids(await listCustomers({ ctx, input: { ...page, q } }));

    expect(await find(`김서준${tag}`)).toEqual([`a-${tag}`]);
    expect(await find(`haeun-${tag}@example`)).toEqual([`b-${tag}`]);
    expect(await find("01077771234")).toEqual([`a-${tag}`]);
    expect(await find("010-8888-5678")).toEqual([`b-${tag}`]);
    expect(await find("8888 5678")).toEqual([`b-${tag}`]);

    const all = await listCustomers({ ctx, input: page });
    expect(all.total_count).toBe(2);
    const b = all.customers.find((c) => c.id === `b-${tag}`);
    expect(b).toMatchObject({ name: `박하은${tag}`, payment_count: 2, store_id: m.store_id });
    expect(customerSearchText(" 010-1234-5678 ")).toBe("01012345678");
    expect(customerSearchText("Kim 01")).toBe("Kim 01");
  });

  it("a customer with their payments summary; another tenant's or store's customer is CUSTOMER_NOT_FOUND", async () => {
    const m = await newMerchant({ hosting: true });
    const other = await newMerchant();
    const second = await transaction((tx) =>
      insertStore(tx, { merchantId: m.merchant_id, name: "Second", isDefault: false }),
    );
    const id = `cust-${Date.now().toString(36)}`;
    const paymentId = await paidPayment(m, undefined, {
      total_amount: 10_000,
      customer: { customer_id: id, customer_name: { full_name: "정하준" }, phone_number: "010-1111-2222" },
    });
    expect((await m.api.post(`/v2/payments/${paymentId}/cancel`, { amount: 3_000, reason: "partial" })).status).toBe(
      200,
    );
    await createPayment({ merchantId: m.merchant_id, storeId: m.store_id, customer: { id }, outcome: "FAILED" });
    await createPayment({ merchantId: m.merchant_id, storeId: second.id, customer: { id: `${id}-second` } });
    await createPayment({ merchantId: other.merchant_id, storeId: other.store_id, customer: { id: `${id}-foreign` } });

    const ctx = contextOf(m);
    const { customer } = await readCustomer({ ctx, input: { customer_id: id } });
    expect(customer).toMatchObject({
      id,
      store_id: m.store_id,
      name: "정하준",
      phone_number: "010-1111-2222",
      summary: {
        payment_count: 2,
        paid_count: 1,
        failed_count: 1,
        paid_amounts: [{ currency: "KRW", amount: 10_000 }],
        cancelled_amounts: [{ currency: "KRW", amount: 3_000 }],
      },
    });
    expect(customer.recent_payments.map((p) => p.status).sort()).toEqual(["FAILED", "PARTIAL_CANCELLED"]);

    const missing = expect.objectContaining({ code: "CUSTOMER_NOT_FOUND" });
    await expect(readCustomer({ ctx, input: { customer_id: `${id}-foreign` } })).rejects.toEqual(missing);
    await expect(readCustomer({ ctx, input: { customer_id: `${id}-second` } })).rejects.toEqual(missing);
    await expect(readCustomer({ ctx, input: { customer_id: "nobody" } })).rejects.toEqual(missing);
    // Another merchant's store is not found; the merchant's second store answers for its own customer.
    await expect(readCustomer({ ctx, input: { customer_id: id, store_id: other.store_id } })).rejects.toEqual(
      expect.objectContaining({ code: "STORE_NOT_FOUND" }),
    );
    expect((await readCustomer({ ctx, input: { customer_id: `${id}-second`, store_id: second.id } })).customer.id).toBe(
      `${id}-second`,
    );
    // A user limited to the second store sees its customers only.
    const limited = dashboardContextOf({ merchant_id: m.merchant_id, store_id: second.id }, [second.id], true);
    expect(ids(await listCustomers({ ctx: limited, input: page }))).toEqual([`${id}-second`]);
    await expect(readCustomer({ ctx: limited, input: { customer_id: id } })).rejects.toEqual(missing);
  });
});
