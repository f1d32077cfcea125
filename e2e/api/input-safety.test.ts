import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "@/lib/testing/api";
import { issueKey, payBody } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";
import type { Json } from "@/lib/testing/json";

/**
 * Input that PostgreSQL cannot store (NUL characters, integers beyond a 32-bit column) and input
 * nested deep enough to overflow a walker answers 400 in the route's envelope naming the field,
 * never 500, and books nothing.
 */
type Merchant = Awaited<ReturnType<typeof newMerchant>>;
let m: Merchant;
let hosting: Merchant;
beforeAll(async () => {
  [m, hosting] = await Promise.all([newMerchant(), newMerchant({ hosting: true })]);
});

function expectPaymentInvalid(res: { status: number; body: Json }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual({
    code: "INVALID_REQUEST",
    params: { message: expect.stringContaining(field), field: expect.stringContaining(field.split(".").at(-1)!) },
  });
}

describe("NUL characters", () => {
  it("in a payment id path is 400 naming path.payment_id", async () => {
    const res = await m.api.get("/v2/payments/order%00one");
    expectPaymentInvalid(res, "path.payment_id");
  });

  it("in order_name, custom_data or a customer name of a payment is 400 naming the field", async () => {
    for (const [field, overrides] of [
      ["body.order_name", { order_name: "Shoes\u0000" }],
      ["body.custom_data", { custom_data: '{"a":"\u0000"}' }],
      ["body.customer.customer_name.full_name", { customer: { customer_name: { full_name: "Kim\u0000" } } }],
      ["body.products.0.name", { products: [{ id: "p1", name: "N\u0000", amount: 11000, quantity: 1 }] }],
    ] as const) {
      const id = newPaymentId();
      expectPaymentInvalid(
        await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, undefined, overrides)),
        field,
      );
      expect((await m.api.get(`/v2/payments/${id}`)).status).toBe(404);
    }
  });

  it("in a search text or a store id query is 400", async () => {
    expectPaymentInvalid(
      await m.api.get("/v2/payments?text_search_column=ALL&text_search_value=a%00"),
      "query.text_search_value",
    );
    expectPaymentInvalid(await m.api.get("/v2/billing-keys?store_id=s%00"), "query.store_id");
  });

  it("in a member name (bypass) is 400", async () => {
    const key = await issueKey(m);
    const res = await m.api.post(
      `/v2/payments/${newPaymentId()}/billing-key/pay`,
      payBody(key, { bypass: { "k\u0000": "v" } }),
    );
    expectPaymentInvalid(res, "body.bypass");
  });

  it("answers in the identity (login) and store (platform) envelopes too", async () => {
    const ident = await m.api.post("/identity-verifications/iv-nul/send", {
      channelKey: m.channels.find((c) => c.pg_provider === "DANAL")!.key,
      customer: { name: "Lee\u0000", phoneNumber: "01012345678", identityNumber: "9001011" },
      operator: "SKT",
      method: "SMS",
    });
    expect(ident.status).toBe(400);
    expect(ident.body).toEqual({ type: "INVALID_REQUEST", message: expect.stringContaining("body.customer.name") });
    const store = await hosting.api.get("/v2/stores/s%00x");
    expect(store.status).toBe(400);
    expect(store.body).toEqual({
      code: "INVALID_REQUEST",
      params: expect.objectContaining({ message: expect.stringContaining("path.store-id") }),
      message: expect.any(String),
    });
  });

  it("in an API key at login is 400, not 500", async () => {
    const res = await callApi("POST", "/login/api-key", { body: { apiKey: "sk_\u0000" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ type: "INVALID_REQUEST", message: expect.stringContaining("body.apiKey") });
  });
});

describe("integers beyond their column", () => {
  it("product_count 2^31 on a payment is 400 naming body.product_count", async () => {
    const id = newPaymentId();
    expectPaymentInvalid(
      await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, undefined, { product_count: 2 ** 31 })),
      "body.product_count",
    );
    expect(
      (await m.api.post(`/v2/payments/${id}/instant/pay`, cardPayBody(m, undefined, { product_count: 2 ** 31 - 1 })))
        .status,
    ).toBe(200);
  });

  it("a schedule booked with product_count 2^31 or a NUL order name is refused, so nothing is booked", async () => {
    const key = await issueKey(m);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    for (const [field, extra] of [
      ["body.product_count", { product_count: 2 ** 31 }],
      ["body.order_name", { order_name: "Plan\u0000" }],
    ] as const) {
      expectPaymentInvalid(
        await m.api.post("/v2/schedules", { ...payBody(key, extra), payment_id: newPaymentId(), scheduled_at: at }),
        field,
      );
    }
    const list = await m.api.get(`/v2/schedules?billing_key=${key}`);
    expect(list.body.total_count).toBe(0);
    expect((await m.api.delete(`/v2/billing-keys/${key}`)).status).toBe(200);
  });

  it("quantity and amount beyond their bounds are 400", async () => {
    const products = [{ id: "p", name: "n", amount: 1, quantity: 2 ** 31 }];
    expectPaymentInvalid(
      await m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, cardPayBody(m, undefined, { products })),
      "body.products.0.quantity",
    );
    expectPaymentInvalid(
      await m.api.post(
        `/v2/payments/${newPaymentId()}/instant/pay`,
        cardPayBody(m, undefined, { total_amount: 2 ** 63 }),
      ),
      "body.total_amount",
    );
  });
});

describe("deep nesting", () => {
  it("a bypass nested 10,000 levels deep is 400, not a stack overflow", async () => {
    const key = await issueKey(m);
    const raw = JSON.stringify(payBody(key)).replace(
      /}$/,
      `,"bypass":{"x":${"[".repeat(10_000)}${"]".repeat(10_000)}}}`,
    );
    const res = await callApi("POST", `/v2/payments/${newPaymentId()}/billing-key/pay`, {
      rawBody: raw,
      token: m.accessToken,
    });
    expectPaymentInvalid(res, "body.bypass");
  });
});
