import { describe, expect, it } from "vitest";
import { callApi } from "@/lib/testing/api";
import { issueKey, payBody } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { expectError } from "@/lib/testing/payment-assertions";
import { createPayment } from "@/lib/testing/payment-fixtures";
import { cardPayBody, newPaymentId, paymentChannelKey } from "@/lib/testing/payments";
import { DAY } from "@/lib/time";
import type { Json } from "@/lib/testing/json";

/** What a client of the old API tripped over (items 4–7; 1–3 live beside their areas' tests). */

type M = Awaited<ReturnType<typeof newMerchant>>;

function expectInvalid(res: { status: number; body: Json }, field: string) {
  expectError(res, 400, "INVALID_REQUEST");
  expect(res.body.params.message).toContain(field);
}

const instantPay = (m: M, overrides: Record<string, unknown>) =>
  m.api.post(`/v2/payments/${newPaymentId()}/instant/pay`, cardPayBody(m, undefined, overrides));

describe("Currency and Country are ISO 4217 / ISO 3166-1 alpha-2 (CONTRACT §1)", () => {
  it("refuses well-formed codes that are not in the lists, naming the field", async () => {
    const m = await newMerchant();
    expectInvalid(await instantPay(m, { currency: "ZZZ" }), "currency");
    expectInvalid(await instantPay(m, { currency: "krw" }), "currency");
    expectInvalid(await instantPay(m, { country: "ZZ" }), "country");
    expectInvalid(
      await instantPay(m, { customer: { address: { address_line_1: "a", address_line_2: "b", country: "QQ" } } }),
      "customer.address.country",
    );
    const receipt = await m.api.post(`/v2/payments/${newPaymentId()}/cash-receipt`, {
      channel_key: paymentChannelKey(m),
      customer_identifier: "01012345678",
      type: "PERSONAL",
      order_name: "x",
      currency: "ABC",
      amount: 1000,
    });
    expectInvalid(receipt, "currency");
    const key = await issueKey(m);
    expectInvalid(
      await m.api.post(`/v2/payments/${newPaymentId()}/billing-key/pay`, payBody(key, { currency: "XYZ" })),
      "currency",
    );
  });

  it("accepts real codes, including the spec's XXX and current ones (SLE)", async () => {
    const m = await newMerchant();
    for (const [currency, country] of [
      ["USD", "US"],
      ["SLE", "SL"],
      ["XXX", "KR"],
    ]) {
      const res = await instantPay(m, { currency, country, total_amount: 1000 });
      expect(res.status, `${currency}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});

describe("unknown members are ignored everywhere, customer_name included (CONTRACT §1)", () => {
  it("customer_name with an extra member is accepted; full_name mixed with first/last is refused", async () => {
    const m = await newMerchant();
    const ok = await instantPay(m, {
      customer: { customer_name: { full_name: "Kim Minji", nickname: "mj" }, extra: 1 },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const id = newPaymentId();
    const split = await m.api.post(
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, undefined, {
        customer: { customer_name: { first_name: "Minji", last_name: "Kim", middle: "x" } },
      }),
    );
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const payment = (await m.api.get(`/v2/payments/${id}`)).body;
    expect(payment.payment.transactions[0].customer.name).toBe("Kim Minji");
    expectInvalid(
      await instantPay(m, { customer: { customer_name: { full_name: "A", first_name: "B", last_name: "C" } } }),
      "customer_name",
    );
    expectInvalid(await instantPay(m, { customer: { customer_name: { first_name: "B" } } }), "customer_name");
  });
});

describe("a method the route does not have: 405 in the route's envelope (not an empty body)", () => {
  it.each([
    [
      "PUT",
      "/v2/payments/x",
      { code: "METHOD_NOT_ALLOWED", params: expect.objectContaining({ message: expect.stringContaining("PUT") }) },
      "GET, HEAD, OPTIONS",
    ],
    ["GET", "/v2/payments/x/cancel", { code: "METHOD_NOT_ALLOWED", params: expect.any(Object) }, "OPTIONS, POST"],
    [
      "PATCH",
      "/v2/schedules",
      { code: "METHOD_NOT_ALLOWED", params: expect.any(Object) },
      "DELETE, GET, HEAD, OPTIONS, POST",
    ],
    ["GET", "/login/api-key", { type: "METHOD_NOT_ALLOWED", message: expect.stringContaining("GET") }, "OPTIONS, POST"],
    [
      "DELETE",
      "/identity-verifications/iv-1",
      { type: "METHOD_NOT_ALLOWED", message: expect.any(String) },
      "GET, HEAD, OPTIONS",
    ],
    [
      "DELETE",
      "/v2/stores",
      {
        code: "METHOD_NOT_ALLOWED",
        params: expect.objectContaining({ message: expect.any(String) }),
        message: expect.any(String),
      },
      "GET, HEAD, OPTIONS, POST",
    ],
  ])("%s %s", async (method, url, body, allow) => {
    const res = await callApi(method, url, { body: method === "GET" || method === "DELETE" ? undefined : {} });
    expect(res.status).toBe(405);
    expect(res.body).toEqual(body);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.headers.get("content-type")).toBe("application/json");
  });

  it("OPTIONS answers 204 with the route's methods", async () => {
    const res = await callApi("OPTIONS", "/v2/billing-keys/billing-key-x");
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("DELETE, GET, HEAD, OPTIONS");
  });
});

describe("lenient query parsing where the meaning is unambiguous", () => {
  it("booleans in any case (Python's requests sends True/False)", async () => {
    const m = await newMerchant();
    const test = await createPayment({ merchantId: m.merchant_id, storeId: m.store_id });
    for (const value of ["True", "TRUE", "true", "1"]) {
      const res = await m.api.get(`/v2/payments?is_test_payment=${value}`);
      expect(res.status, `${value}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.payments.map((p: Json) => p.id)).toEqual([test.payment_id]);
    }
    const none = await m.api.get("/v2/payments?is_test_payment=False&is_scheduled_payment=FALSE");
    expect(none.status).toBe(200);
    expect(none.body.total_count).toBe(0);
    expectInvalid(await m.api.get("/v2/payments?is_test_payment=yes"), "is_test_payment");
  });

  it("a timestamp whose + arrived as a space, or with a space for the T; no offset stays refused", async () => {
    const m = await newMerchant();
    const now = Date.now();
    const p = await createPayment({
      merchantId: m.merchant_id,
      storeId: m.store_id,
      at: { statusUpdated: now - 2 * DAY },
    });
    // 3 days ago in +09:00, sent unencoded: the + becomes a space.
    const local = new Date(now - 3 * DAY + 9 * 3_600_000).toISOString().slice(0, 19);
    for (const start of [
      `${local}+09:00`,
      `${local.replace("T", " ")}+09:00`,
      `${new Date(now - 3 * DAY).toISOString().replace("T", " ")}`,
    ]) {
      const res = await m.api.get(`/v2/payments?start=${start}`);
      expect(res.status, `${start}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.payments.map((x: Json) => x.id)).toEqual([p.payment_id]);
    }
    // One day too late: the payment falls outside, so the offset really was read as +09:00.
    const late = new Date(now - 1 * DAY + 9 * 3_600_000).toISOString().slice(0, 19);
    expect((await m.api.get(`/v2/payments?start=${late}+09:00`)).body.total_count).toBe(0);
    const schedules = await m.api.get(`/v2/schedules?start=${local}+09:00&end=${local.replace("T", " ")}+09:00`);
    expect(schedules.status, JSON.stringify(schedules.body)).toBe(200);
    expectInvalid(await m.api.get(`/v2/payments?start=${local}`), "start");
    expectInvalid(await m.api.get("/v2/payments?start=2026-02-30T00:00:00Z"), "start");
  });
});
