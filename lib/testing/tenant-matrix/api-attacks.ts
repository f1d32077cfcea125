import { cardOption, payBody } from "../billing";
import { cardCredential, newPaymentId } from "../payments";
import type { Target } from "./world";

/** One request naming another tenant's records: path params, query and body. */
export type ApiAttack = { path?: Record<string, string>; query?: Record<string, string>; body?: unknown };

/**
 * How each operation is aimed at a target: once naming the target's store (query or body) and
 * once relying on the caller's own store with the target's ids. `extra` lists answers allowed
 * besides 403/404 (the spec's 400s, and 200 for lists, which must then leak nothing).
 */
export type AttackEntry = { attacks: (t: Target) => ApiAttack[]; extra?: number[] };
const list = (...attacks: ApiAttack[]): ApiAttack[] => attacks;

const withStore = (t: Target, attack: ApiAttack): ApiAttack[] => [
  { ...attack, query: { ...attack.query, store_id: t.storeId } },
  attack,
];
const bodyStore = (t: Target, body: Record<string, unknown>, path?: Record<string, string>): ApiAttack[] => [
  { path, body: { ...body, store_id: t.storeId } },
  { path, body },
];
const identityStore = (t: Target, attack: ApiAttack, where: "query" | "body"): ApiAttack[] => [
  where === "query"
    ? { ...attack, query: { storeId: t.storeId } }
    : { ...attack, body: { ...(attack.body as object), storeId: t.storeId } },
  attack,
];
const later = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const logistics = {
  sender: {},
  receiver: { address: { address_line_1: "Seoul", address_line_2: "1" } },
  logistics_form: { company: "CJGLS", invoice_number: "1234", sent_at: new Date().toISOString() },
  send_email: false,
};

/** Operations that take a credential, not a tenant's record: nothing foreign to name. */
export const CREDENTIAL_OPERATIONS = [
  "POST /login/api-key",
  "POST /v2/signin/api-key",
  "POST /v2/token-regeneration",
  "POST /v2/stores",
];

export const API_ATTACKS: Record<string, AttackEntry> = {
  "GET /v2/channels": { attacks: (t) => [{ query: { store_id: t.storeId } }] },
  "GET /v2/payments/{payment_id}": { attacks: (t) => withStore(t, { path: { payment_id: t.payment } }) },
  "POST /v2/payments/{payment_id}/instant/pay": {
    attacks: (t) =>
      bodyStore(
        t,
        {
          channel_key: t.paymentChannel,
          order_name: "x",
          total_amount: 1000,
          currency: "KRW",
          payment_method_option: { card: { card_credential: cardCredential("4242424242424242") } },
        },
        { payment_id: newPaymentId() },
      ),
  },
  "POST /v2/payments/{payment_id}/cancel": {
    attacks: (t) => withStore(t, { path: { payment_id: t.payment }, body: { reason: "hijack" } }),
  },
  "DELETE /v2/payments/{payment_id}/virtual-account": {
    attacks: (t) => withStore(t, { path: { payment_id: t.vaPayment } }),
  },
  "POST /v2/test-payments/{payment_id}/notice-virtual-account-deposit": {
    attacks: (t) => withStore(t, { path: { payment_id: t.vaPayment }, body: {} }),
  },
  "POST /v2/payments/{payment_id}/escrow/logis": {
    attacks: (t) => withStore(t, { path: { payment_id: t.escrowPayment }, body: logistics }),
  },
  "POST /v2/payments/{payment_id}/escrow/complete": {
    attacks: (t) => withStore(t, { path: { payment_id: t.escrowPayment }, body: {} }),
  },
  "GET /v2/stores": { attacks: () => [{}], extra: [200] },
  "GET /v2/stores/{store-id}": {
    attacks: (t) => [{ path: { "store-id": t.subStore } }, { path: { "store-id": t.storeId } }],
  },
  "PUT /v2/stores/{store-id}": { attacks: (t) => [{ path: { "store-id": t.subStore }, body: { name: "hijacked" } }] },
  "GET /v2/stores/{store-id}/applications": { attacks: (t) => [{ path: { "store-id": t.subStore } }] },
  "POST /v2/stores/{store-id}/applications": {
    attacks: (t) => [
      {
        path: { "store-id": t.subStore },
        body: { applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }], pg_specific_info: {} },
      },
    ],
  },
  "GET /v2/stores/{store-id}/applications/tosspayments-status-and-url": {
    attacks: (t) => [{ path: { "store-id": t.subStore } }],
  },
  // The spec: a store id the caller may not use is 400 INVALID_REQUEST on identity routes.
  "GET /identity-verifications/{id}": {
    attacks: (t) => identityStore(t, { path: { id: t.verification } }, "query"),
    extra: [400],
  },
  "POST /identity-verifications/{id}/send": {
    attacks: (t) =>
      identityStore(
        t,
        {
          path: { id: t.verification },
          body: {
            channelKey: t.identityChannel,
            customer: { name: "Mallory", phoneNumber: "01055556666", identityNumber: "9001011" },
            operator: "SKT",
            method: "SMS",
          },
        },
        "body",
      ),
    extra: [400],
  },
  "POST /identity-verifications/{id}/confirm": {
    attacks: (t) => identityStore(t, { path: { id: t.verification }, body: { otp: "000000" } }, "body"),
    extra: [400],
  },
  "POST /identity-verifications/{id}/resend": {
    attacks: (t) => identityStore(t, { path: { id: t.verification }, body: {} }, "query"),
    extra: [400],
  },
  "GET /v2/test-identity-verifications/{id}/otp": {
    attacks: (t) => identityStore(t, { path: { id: t.verification } }, "query"),
    extra: [400],
  },
  "GET /v2/payments/{payment_id}/cash-receipt": { attacks: (t) => withStore(t, { path: { payment_id: t.payment } }) },
  "POST /v2/payments/{payment_id}/cash-receipt": {
    attacks: (t) =>
      bodyStore(
        t,
        {
          channel_key: t.paymentChannel,
          customer_identifier: "01012345678",
          type: "PERSONAL",
          order_name: "x",
          currency: "KRW",
          amount: 1000,
        },
        { payment_id: t.payment },
      ),
  },
  "DELETE /v2/payments/{payment_id}/cash-receipt": {
    attacks: (t) => withStore(t, { path: { payment_id: t.payment } }),
  },
  // Without store_id the lists show the caller's own records: 200, and none of the target's.
  "GET /v2/payments": {
    attacks: (t) =>
      list({ query: { store_id: t.storeId } }, { query: { text_search_column: "ALL", text_search_value: t.canary } }),
    extra: [200],
  },
  "GET /v2/payments/scroll": { attacks: (t) => list({ query: { store_id: t.storeId } }, {}), extra: [200] },
  "GET /v2/billing-keys": {
    attacks: (t) => list({ query: { store_id: t.storeId } }, { query: { billing_key: t.billingKey } }),
    extra: [200],
  },
  "POST /v2/billing-keys": {
    attacks: (t) => bodyStore(t, { channel_key: t.paymentChannel, payment_method_option: cardOption() }),
  },
  "GET /v2/billing-keys/{billing_key}": { attacks: (t) => withStore(t, { path: { billing_key: t.billingKey } }) },
  "DELETE /v2/billing-keys/{billing_key}": { attacks: (t) => withStore(t, { path: { billing_key: t.billingKey } }) },
  "POST /v2/payments/{payment_id}/billing-key/pay": {
    attacks: (t) => bodyStore(t, payBody(t.billingKey), { payment_id: newPaymentId() }),
  },
  "GET /v2/schedules": {
    attacks: (t) => list({ query: { store_id: t.storeId } }, { query: { billing_key: t.billingKey } }),
    extra: [200],
  },
  "POST /v2/schedules": {
    attacks: (t) => bodyStore(t, { ...payBody(t.billingKey), payment_id: newPaymentId(), scheduled_at: later() }),
  },
  // CONTRACT §5: schedule delete allows no 404; another merchant's key or schedule is 400 INVALID_REQUEST.
  "DELETE /v2/schedules": {
    attacks: (t) => withStore(t, { query: { billing_key: t.billingKey, schedule_id: t.schedule } }),
    extra: [400],
  },
  "GET /v2/schedules/{schedule_id}": { attacks: (t) => withStore(t, { path: { schedule_id: t.schedule } }) },
  "GET /v2/settlements": {
    attacks: (t) => list({ query: { store_id: t.storeId } }, { query: { payment_id: t.payment } }),
    extra: [200],
  },
  "GET /v2/settlements/payouts": {
    attacks: (t) => list({ query: { store_id: t.storeId } }, { query: { channel_key: t.paymentChannel } }),
    extra: [200],
  },
  "GET /v2/customers": {
    attacks: (t) => list({ query: { store_id: t.storeId } }, { query: { q: t.customerId } }),
    extra: [200],
  },
  "GET /v2/customers/{customer_id}": { attacks: (t) => withStore(t, { path: { customer_id: t.customerId } }) },
  "POST /v2/payments/{payment_id}/resend-webhook": {
    attacks: (t) => withStore(t, { path: { payment_id: t.payment }, body: {} }),
  },
};

/** The URL of an attack on an operation path such as /v2/payments/{payment_id}. */
export function attackUrl(path: string, attack: ApiAttack): string {
  let url = path;
  for (const [name, value] of Object.entries(attack.path ?? {}))
    url = url.replace(`{${name}}`, encodeURIComponent(value));
  const query = new URLSearchParams(attack.query ?? {}).toString();
  return query ? `${url}?${query}` : url;
}
