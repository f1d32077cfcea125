import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, type ApiResult } from "@/lib/testing/api";
import { issueKey, payBody } from "@/lib/testing/billing";
import { deriveExpectedSettlements } from "@/lib/settlements/derive-expected";
import { newMerchant } from "@/lib/testing/fixtures";
import { documentChecker } from "@/lib/testing/openapi-conformance";
import { cardPayBody, newPaymentId, paidPayment, virtualAccountPayBody } from "@/lib/testing/payments";
import { setTossTerms } from "@/lib/testing/settlements";
import { storeBody } from "@/lib/testing/stores";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

/**
 * The served OpenAPI document against real responses: one successful call of every documented
 * operation (and its errors as they come), each body validated against the documented schema.
 * Runs in-process and, in the HTTP pass, against the production server.
 */
let checker: ReturnType<typeof documentChecker>;
let receiver: WebhookReceiver;
const problems: string[] = [];

beforeAll(async () => {
  const served = await callApi("GET", "/openapi.json");
  expect(served.status).toBe(200);
  checker = documentChecker(served.body);
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

type M = Awaited<ReturnType<typeof newMerchant>>;

/** Calls, checks against the document and expects `status`. `template` is the documented path. */
async function call(
  m: M | null,
  method: string,
  template: string,
  url: string,
  body?: unknown,
  status = 200,
): Promise<ApiResult> {
  const res = await callApi(method, url, { token: m?.accessToken, body });
  problems.push(...checker.check(method, template, res));
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(status);
  return res;
}

const customer = {
  customer_id: "cust-conf",
  customer_name: { full_name: "Kim Minji" },
  phone_number: "01012345678",
  email: "minji@example.com",
  zipcode: "06236",
  address: { address_line_1: "123 Teheran-ro", address_line_2: "Apt 4", city: "Seoul", country: "KR" },
  gender: "FEMALE",
  birth_year: "1990",
  country: "KR",
};

describe("OpenAPI document conformance", () => {
  it("authentication", async () => {
    const m = await newMerchant();
    await call(null, "POST", "/login/api-key", "/login/api-key", { apiKey: m.api_key });
    await call(null, "POST", "/login/api-key", "/login/api-key", { apiKey: "sk_nope" }, 401);
    await call(null, "POST", "/v2/signin/api-key", "/v2/signin/api-key", { api_key: m.api_key });
    await call(null, "POST", "/v2/token-regeneration", "/v2/token-regeneration", { refresh_token: m.refreshToken });
    await call(null, "POST", "/v2/token-regeneration", "/v2/token-regeneration", { refresh_token: "rt_nope" }, 401);
    await call(m, "GET", "/v2/channels", "/v2/channels");
  });

  it("payments: pay, read, list, scroll, cancel, resend, escrow, virtual accounts", async () => {
    const m = await newMerchant();
    const id = newPaymentId();
    const rich = {
      customer,
      products: [{ id: "p1", name: "Desk", tag: "furniture", code: "D-1", amount: 11000, quantity: 1 }],
      custom_data: '{"order":1}',
      is_escrow: true,
      is_cultural_expense: false,
      tax_free_amount: 1000,
      country: "KR",
      product_count: 1,
      notice_urls: [receiver.url],
    };
    await call(
      m,
      "POST",
      "/v2/payments/{payment_id}/instant/pay",
      `/v2/payments/${id}/instant/pay`,
      cardPayBody(m, undefined, rich),
    );
    await call(m, "POST", "/v2/payments/{payment_id}/escrow/logis", `/v2/payments/${id}/escrow/logis`, {
      sender: { name: "Shop" },
      receiver: { name: "Kim Minji", address: { address_line_1: "123 Teheran-ro", address_line_2: "Apt 4" } },
      logistics_form: { company: "CJGLS", invoice_number: "INV-1", sent_at: "2026-11-20T09:00:00+09:00" },
      send_email: false,
    });
    await call(m, "POST", "/v2/payments/{payment_id}/escrow/complete", `/v2/payments/${id}/escrow/complete`, {});
    await call(m, "POST", "/v2/payments/{payment_id}/cash-receipt", `/v2/payments/${id}/cash-receipt`, {
      channel_key: m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key,
      customer_identifier: "01012345678",
      type: "PERSONAL",
      order_name: "Desk",
      currency: "KRW",
      amount: 5000,
    });
    await call(m, "GET", "/v2/payments/{payment_id}/cash-receipt", `/v2/payments/${id}/cash-receipt`);
    await call(m, "POST", "/v2/payments/{payment_id}/cancel", `/v2/payments/${id}/cancel`, {
      cancel_amount: 1000,
      reason: "part",
    });
    await call(m, "POST", "/v2/payments/{payment_id}/resend-webhook", `/v2/payments/${id}/resend-webhook`, {});
    await call(m, "GET", "/v2/payments/{payment_id}", `/v2/payments/${id}`);
    await call(m, "DELETE", "/v2/payments/{payment_id}/cash-receipt", `/v2/payments/${id}/cash-receipt`);
    await call(
      m,
      "DELETE",
      "/v2/payments/{payment_id}/cash-receipt",
      `/v2/payments/${id}/cash-receipt`,
      undefined,
      400,
    );
    await call(m, "GET", "/v2/payments/{payment_id}", "/v2/payments/nope", undefined, 404);

    const declined = newPaymentId();
    await call(
      m,
      "POST",
      "/v2/payments/{payment_id}/instant/pay",
      `/v2/payments/${declined}/instant/pay`,
      cardPayBody(m, "4000000000000002"),
      500,
    );
    const va = newPaymentId();
    await call(
      m,
      "POST",
      "/v2/payments/{payment_id}/instant/pay",
      `/v2/payments/${va}/instant/pay`,
      virtualAccountPayBody(m),
    );
    await call(
      m,
      "POST",
      "/v2/test-payments/{payment_id}/notice-virtual-account-deposit",
      `/v2/test-payments/${va}/notice-virtual-account-deposit`,
    );
    const voided = newPaymentId();
    await call(
      m,
      "POST",
      "/v2/payments/{payment_id}/instant/pay",
      `/v2/payments/${voided}/instant/pay`,
      virtualAccountPayBody(m),
    );
    await call(m, "DELETE", "/v2/payments/{payment_id}/virtual-account", `/v2/payments/${voided}/virtual-account`);
    await call(
      m,
      "POST",
      "/v2/payments/{payment_id}/cancel",
      `/v2/payments/${voided}/cancel`,
      { reason: "again" },
      400,
    );

    // A reused Idempotency-Key with another body: 422 in the documented envelope.
    const keyed = newPaymentId();
    const headers = { "idempotency-key": `conf-${keyed}` };
    expect(
      (
        await callApi("POST", `/v2/payments/${keyed}/instant/pay`, {
          token: m.accessToken,
          headers,
          body: cardPayBody(m),
        })
      ).status,
    ).toBe(200);
    const reused = await callApi("POST", `/v2/payments/${keyed}/instant/pay`, {
      token: m.accessToken,
      headers,
      body: cardPayBody(m, undefined, { order_name: "other" }),
    });
    problems.push(...checker.check("POST", "/v2/payments/{payment_id}/instant/pay", reused));
    expect(reused.status).toBe(422);

    const list = await call(m, "GET", "/v2/payments", "/v2/payments?limit=100");
    expect(list.body.total_count).toBe(5);
    await call(m, "GET", "/v2/payments", "/v2/payments?page=100&limit=1000", undefined, 400);
    await call(m, "GET", "/v2/payments/scroll", "/v2/payments/scroll?limit=2");
  });

  it("billing keys and schedules", async () => {
    const m = await newMerchant();
    await call(m, "POST", "/v2/billing-keys", "/v2/billing-keys", {
      channel_key: m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key,
      customer,
      payment_method_option: {
        card: {
          card_credential: {
            card_number: "4242424242424242",
            expiry_month: "12",
            expiry_year: "2099",
            birth_or_business_registration_number: "900101",
            password_two_digits: "12",
          },
        },
      },
    });
    const key = await issueKey(m);
    await call(m, "GET", "/v2/billing-keys", "/v2/billing-keys");
    await call(m, "GET", "/v2/billing-keys", `/v2/billing-keys?billing_key=${key}`);
    await call(m, "GET", "/v2/billing-keys/{billing_key}", `/v2/billing-keys/${key}`);
    await call(
      m,
      "POST",
      "/v2/payments/{payment_id}/billing-key/pay",
      `/v2/payments/${newPaymentId()}/billing-key/pay`,
      payBody(key, { customer: { customer_name: { first_name: "Minji", last_name: "Kim" } } }),
    );
    const booked = await call(m, "POST", "/v2/schedules", "/v2/schedules", {
      ...payBody(key, { products: [{ id: "p", name: "Plan", amount: 9900, quantity: 1 }] }),
      payment_id: newPaymentId(),
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await call(m, "GET", "/v2/schedules/{schedule_id}", `/v2/schedules/${booked.body.id}`);
    await call(m, "GET", "/v2/schedules", `/v2/schedules?end=${new Date(Date.now() + 86_400_000).toISOString()}`);
    await call(m, "DELETE", "/v2/schedules", `/v2/schedules?billing_key=${key}&schedule_id=nope`, undefined, 400);
    await call(m, "DELETE", "/v2/schedules", `/v2/schedules?billing_key=${key}`);
    await call(m, "DELETE", "/v2/billing-keys/{billing_key}", `/v2/billing-keys/${key}`);
    await call(m, "DELETE", "/v2/billing-keys/{billing_key}", `/v2/billing-keys/${key}`, undefined, 400);
  });

  it("identity verification", async () => {
    const m = await newMerchant();
    const danal = m.channels.find((c) => c.pg_provider === "DANAL")!.key;
    const send = {
      channelKey: danal,
      customer: { id: "c1", name: "홍길동", phoneNumber: "01012345678", identityNumber: "8703152" },
      operator: "SKT",
      method: "SMS",
      customData: "{}",
    };
    const [first, second] = [`iv-conf-${newPaymentId()}`, `iv-conf-${newPaymentId()}`];
    await call(m, "POST", "/identity-verifications/{id}/send", `/identity-verifications/${first}/send`, send);
    await call(m, "POST", "/identity-verifications/{id}/send", `/identity-verifications/${first}/send`, send, 409);
    const otp = await call(
      m,
      "GET",
      "/v2/test-identity-verifications/{id}/otp",
      `/v2/test-identity-verifications/${first}/otp`,
    );
    await call(m, "POST", "/identity-verifications/{id}/confirm", `/identity-verifications/${first}/confirm`, {
      otp: otp.body.otp,
    });
    await call(m, "GET", "/identity-verifications/{id}", `/identity-verifications/${first}`);
    await call(m, "POST", "/identity-verifications/{id}/send", `/identity-verifications/${second}/send`, send);
    await call(m, "POST", "/identity-verifications/{id}/resend", `/identity-verifications/${second}/resend`, {});
    await call(m, "GET", "/identity-verifications/{id}", `/identity-verifications/${second}`);
    await call(m, "GET", "/identity-verifications/{id}", "/identity-verifications/iv-nope", undefined, 404);
  });

  it("sub-stores and onboarding (hosting contract)", async () => {
    const m = await newMerchant({ hosting: true });
    const store = await call(m, "POST", "/v2/stores", "/v2/stores", storeBody());
    await call(m, "GET", "/v2/stores", "/v2/stores");
    await call(m, "GET", "/v2/stores/{store-id}", `/v2/stores/${store.body.id}`);
    const { tier_code: _t, terms_agreed: _a, ...update } = storeBody({ name: "Renamed" });
    const license = { ...(update.business_license as Record<string, unknown>) };
    delete license.taxation_type;
    await call(m, "PUT", "/v2/stores/{store-id}", `/v2/stores/${store.body.id}`, {
      ...update,
      business_license: license,
    });
    await call(m, "POST", "/v2/stores/{store-id}/applications", `/v2/stores/${store.body.id}/applications`, {
      applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }],
      pg_specific_info: { bank_name: "KB", supporting_countries: ["KR"] },
    });
    await call(m, "GET", "/v2/stores/{store-id}/applications", `/v2/stores/${store.body.id}/applications`);
    await call(
      m,
      "GET",
      "/v2/stores/{store-id}/applications/tosspayments-status-and-url",
      `/v2/stores/${store.body.id}/applications/tosspayments-status-and-url`,
    );
    await call(m, "GET", "/v2/stores/{store-id}", "/v2/stores/store-nope", undefined, 404);
    const plain = await newMerchant();
    await call(plain, "GET", "/v2/stores", "/v2/stores", undefined, 403);
  });

  it("settlements", async () => {
    const m = await newMerchant();
    await setTossTerms(m);
    const id = await paidPayment(m, "4242424242424242", { total_amount: 11_000 });
    await deriveExpectedSettlements({ storeId: m.store_id });
    const listed = await call(m, "GET", "/v2/settlements", `/v2/settlements?payment_id=${id}`);
    expect(listed.body.total_count).toBe(1);
    await call(m, "GET", "/v2/settlements/payouts", "/v2/settlements/payouts");
    await call(m, "GET", "/v2/settlements", "/v2/settlements?payout_on=27-11-2026", undefined, 400);
  });

  it("customers", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    await paidPayment(m, undefined, { customer });
    const listed = await call(m, "GET", "/v2/customers", "/v2/customers?q=010-1234-5678&limit=5");
    expect(listed.body.customers.map((c: { id: string }) => c.id)).toEqual(["cust-conf"]);
    const read = await call(m, "GET", "/v2/customers/{customer_id}", "/v2/customers/cust-conf");
    expect(read.body.customer.summary.paid_count).toBe(1);
    await call(other, "GET", "/v2/customers/{customer_id}", "/v2/customers/cust-conf", undefined, 404);
    await call(m, "GET", "/v2/customers", `/v2/customers?store_id=${other.store_id}`, undefined, 404);
    await call(m, "GET", "/v2/customers", "/v2/customers?limit=0", undefined, 400);
  });

  it("every documented operation answered 200 at least once, every response matched its schema", () => {
    expect(problems).toEqual([]);
    expect(checker.uncovered()).toEqual([]);
  });
});
