import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { loadPayment } from "@/lib/payments/read/load-payment";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { apiAs } from "@/lib/testing/api";
import { issueKey, payBody } from "@/lib/testing/billing";
import { paymentChannelKey } from "@/lib/testing/payments";
import { newMerchant } from "@/lib/testing/fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";
import { billingKeyPayResponse } from "@/lib/billing-keys/schema";
import type { Json } from "@/lib/testing/json";

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const pay = (paymentId: string) => `/v2/payments/${encodeURIComponent(paymentId)}/billing-key/pay`;

function expectError(res: { status: number; body: Json }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ code, params: expect.any(Object) });
}

describe("POST /v2/payments/{payment_id}/billing-key/pay", () => {
  it("charges the key through its channel and records a PAID transaction carrying billing_key", async () => {
    const m = await newMerchant();
    const key = await issueKey(m, SANDBOX_CARDS.MASTER_OK, {
      customer: { customer_id: "cust-7", email: "a@example.com" },
    });
    const res = await m.api.post(
      pay("order-1"),
      payBody(key, {
        tax_free_amount: 900,
        customer: { phone_number: "01011112222" },
        card_installment_plan: { month: 3 },
        notice_urls: ["https://example.com/hook"],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["customer_id", "paid_at", "pg_tx_id", "requested_at", "tx_id"]);
    expect(res.body.customer_id).toBe("cust-7");
    billingKeyPayResponse.parse(res.body);
    expect(res.body.paid_at).toMatch(RFC3339);
    const payment = await loadPayment(m.merchant_id, { storeId: m.store_id, paymentId: "order-1" });
    const tx = payment!.transactions[0]!;
    expect(tx).toMatchObject({
      id: res.body.tx_id,
      status: "PAID",
      is_primary: true,
      version: "V2",
      method: "CARD",
      billing_key: key,
      pg_tx_id: res.body.pg_tx_id,
      amount: { total: 9900, tax_free: 900, paid: 9900, currency: "KRW" },
      customer: { id: "cust-7", email: "a@example.com", phone_number: "01011112222" },
      origin: { platform_type: "API" },
      channel: { pg_provider: "TOSSPAYMENTS" },
      payment_method_detail: {
        card: {
          number: "555555******4444",
          installment: { month: 3, is_interest_free: false },
          detail: { brand: "MASTER" },
        },
      },
    });
    expect(tx.schedule_id).toBeUndefined();
  });

  it("charges a mobile-phone key as a MOBILE payment", async () => {
    const m = await newMerchant();
    const issued = await m.api.post("/v2/billing-keys", {
      channel_key: paymentChannelKey(m),
      customer: { phone_number: "01099998888" },
      payment_method_option: { mobile_phone: { carrier: "KT" } },
    });
    const res = await m.api.post(pay("mobile-1"), payBody(issued.body.billing_key));
    expect(res.status).toBe(200);
    const tx = (await m.api.get("/v2/payments/mobile-1")).body.payment.transactions[0];
    expect(tx).toMatchObject({
      status: "PAID",
      method: "MOBILE",
      payment_method_detail: { mobile: { carrier: "KT", phone_number: "01099998888" } },
    });
  });

  it("400 INVALID_REQUEST for a missing order_name, a fractional amount or a payment id with a slash", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const { order_name: _omit, ...noName } = payBody(key);
    const missing = await m.api.post(pay("p1"), noName);
    expectError(missing, 400, "INVALID_REQUEST");
    expect(missing.body.params.message).toContain("order_name");
    expectError(await m.api.post(pay("p1"), payBody(key, { total_amount: 10.5 })), 400, "INVALID_REQUEST");
    expectError(await m.api.post(pay("a/b"), payBody(key)), 400, "INVALID_REQUEST");
    expectError(await m.api.post(pay("a b"), payBody(key)), 400, "INVALID_REQUEST");
  });

  it("400 TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    expectError(
      await m.api.post(pay("p1"), payBody(key, { tax_free_amount: 10_000 })),
      400,
      "TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT",
    );
  });

  it("400 BILLING_KEY_ALREADY_DELETED on a deleted key", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    await m.api.delete(`/v2/billing-keys/${key}`);
    expectError(await m.api.post(pay("p1"), payBody(key)), 400, "BILLING_KEY_ALREADY_DELETED");
  });

  it("400 PAYMENT_ALREADY_PAID on a paid payment id", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    expect((await m.api.post(pay("p1"), payBody(key))).status).toBe(200);
    expectError(await m.api.post(pay("p1"), payBody(key)), 400, "PAYMENT_ALREADY_PAID");
  });

  it("500 PG_PROVIDER_ERROR when the charge is declined (4000000000000341); the payment shows FAILED and may be retried", async () => {
    const m = await newMerchant();
    const declining = await issueKey(m, SANDBOX_CARDS.BILLING_CHARGES_DECLINED);
    const res = await m.api.post(pay("p1"), payBody(declining));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "CARD_DECLINED", pg_message: expect.any(String) },
    });
    const failed = await loadPayment(m.merchant_id, { storeId: m.store_id, paymentId: "p1" });
    expect(failed!.transactions[0]).toMatchObject({
      status: "FAILED",
      billing_key: declining,
      failure: { pg_code: "CARD_DECLINED" },
    });
    const good = await issueKey(m);
    expect((await m.api.post(pay("p1"), payBody(good))).status).toBe(200);
    const retried = await loadPayment(m.merchant_id, { storeId: m.store_id, paymentId: "p1" });
    expect(retried!.transactions.map((t) => [t.status, t.is_primary])).toEqual([
      ["FAILED", false],
      ["PAID", true],
    ]);
  });

  it("404 BILLING_KEY_NOT_FOUND for an unknown key or another merchant's key (not charged)", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const foreign = await issueKey(b);
    expectError(await a.api.post(pay("p1"), payBody("billing-key-nope")), 404, "BILLING_KEY_NOT_FOUND");
    expectError(await a.api.post(pay("p1"), payBody(foreign)), 404, "BILLING_KEY_NOT_FOUND");
    expect(await getDb().selectFrom("transactions").select("id").where("billing_key", "=", foreign).execute()).toEqual(
      [],
    );
  });

  it("404 STORE_NOT_FOUND for another merchant's store; 403 PERMISSION_DENIED for a store-limited key naming another store", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const key = await issueKey(a);
    expectError(await a.api.post(pay("p1"), payBody(key, { store_id: b.store_id })), 404, "STORE_NOT_FOUND");
    const sub = await insertStore(getDb(), { merchantId: a.merchant_id, name: "Sub", isDefault: false });
    const limited = apiAs(
      (await loginWithApiKey((await createApiKey({ merchantId: a.merchant_id, storeId: sub.id, name: "sub" })).apiKey))
        .accessToken,
    );
    expectError(await limited.post(pay("p1"), payBody(key, { store_id: a.store_id })), 403, "PERMISSION_DENIED");
    // The key belongs to the default store: from the sub-store it does not exist.
    expectError(await limited.post(pay("p1"), payBody(key)), 404, "BILLING_KEY_NOT_FOUND");
  });
});
