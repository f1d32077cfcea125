import createClient from "openapi-fetch";
import type { paths } from "./paths";

/**
 * The API suite's requests as a client generated from /openapi.json makes them (openapi-fetch over
 * openapi-typescript's types): numbers, booleans and arrays typed as such. openapi-client.test.ts
 * type-checks this file against freshly generated types and runs it against the API.
 */
export async function exerciseApi(options: {
  apiKey: string;
  channelKey: string;
  fetch: (request: Request) => Promise<Response>;
  id: (prefix: string) => string;
}): Promise<string[]> {
  const { apiKey, channelKey, id } = options;
  const statuses: string[] = [];
  const seen = (name: string, response: Response) => statuses.push(`${name} ${response.status}`);
  const anonymous = createClient<paths>({ baseUrl: "http://localhost", fetch: options.fetch });

  const login = await anonymous.POST("/login/api-key", { body: { apiKey } });
  seen("login", login.response);
  const accessToken = login.data?.accessToken ?? "";
  const api = createClient<paths>({
    baseUrl: "http://localhost",
    fetch: options.fetch,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const card = {
    card_number: "4242424242424242",
    expiry_month: "12",
    expiry_year: "2099",
    birth_or_business_registration_number: "900101",
    password_two_digits: "12",
  };

  const paymentId = id("typed-pay-");
  const pay = await api.POST("/v2/payments/{payment_id}/instant/pay", {
    params: { path: { payment_id: paymentId } },
    body: {
      channel_key: channelKey,
      order_name: "Typed client order",
      total_amount: 11000,
      currency: "KRW",
      payment_method_option: { card: { card_credential: card } },
    },
  });
  seen("pay", pay.response);
  const read = await api.GET("/v2/payments/{payment_id}", { params: { path: { payment_id: paymentId } } });
  seen("read", read.response);
  const cancel = await api.POST("/v2/payments/{payment_id}/cancel", {
    params: { path: { payment_id: paymentId } },
    body: { cancel_amount: 1000, reason: "typed client", check_refundable_amount: 11000 },
  });
  seen("cancel", cancel.response);
  const list = await api.GET("/v2/payments", {
    params: { query: { page: 0, limit: 10, is_test_payment: true, status: ["PARTIAL_CANCELLED", "PAID"] } },
  });
  seen("list", list.response);
  const scroll = await api.GET("/v2/payments/scroll", { params: { query: { limit: 5 } } });
  seen("scroll", scroll.response);
  const channels = await api.GET("/v2/channels");
  seen("channels", channels.response);

  const vaId = id("typed-va-");
  const va = await api.POST("/v2/payments/{payment_id}/instant/pay", {
    params: { path: { payment_id: vaId } },
    body: {
      channel_key: channelKey,
      order_name: "Typed transfer",
      total_amount: 25000,
      currency: "KRW",
      payment_method_option: {
        virtual_account: { bank: "KOOKMIN_BANK", account_expiry: { valid_hours: 24 }, account_type: "NORMAL" },
      },
    },
  });
  seen("virtual account", va.response);
  const receipt = await api.POST("/v2/payments/{payment_id}/cash-receipt", {
    params: { path: { payment_id: id("typed-receipt-") } },
    body: {
      channel_key: channelKey,
      customer_identifier: "010-1234-5678",
      type: "PERSONAL",
      order_name: "Counter",
      currency: "KRW",
      amount: 11000,
    },
  });
  seen("cash receipt", receipt.response);

  const key = await api.POST("/v2/billing-keys", {
    body: { channel_key: channelKey, payment_method_option: { card: { card_credential: card } } },
  });
  seen("billing key", key.response);
  const billingKey = key.data?.billing_key ?? "";
  const keys = await api.GET("/v2/billing-keys", {
    params: { query: { page: 0, limit: 20, billing_key: [billingKey] } },
  });
  seen("billing keys", keys.response);
  const keyPay = await api.POST("/v2/payments/{payment_id}/billing-key/pay", {
    params: { path: { payment_id: id("typed-key-pay-") } },
    body: { billing_key: billingKey, order_name: "Monthly", total_amount: 9900, currency: "KRW" },
  });
  seen("billing key pay", keyPay.response);
  const schedule = await api.POST("/v2/schedules", {
    body: {
      billing_key: billingKey,
      payment_id: id("typed-schedule-"),
      order_name: "Next month",
      total_amount: 9900,
      currency: "KRW",
      scheduled_at: "2099-01-01T00:00:00Z",
    },
  });
  seen("schedule", schedule.response);
  const schedules = await api.GET("/v2/schedules", {
    params: { query: { page: 0, limit: 10, billing_key: billingKey } },
  });
  seen("schedules", schedules.response);
  return statuses;
}
