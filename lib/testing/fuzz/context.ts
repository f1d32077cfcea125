import { expect } from "vitest";
import { newId } from "@/lib/ids";
import { callApi } from "../api";
import { issueKey, payBody } from "../billing";
import { newMerchant } from "../fixtures";
import { paidPayment } from "../payments";
import { storeBody } from "../stores";
import { addStoreWithLimitedKey } from "../tenants";
import type { FuzzContext } from "./cases";

/**
 * Merchants and records for the fuzzer to aim at: a paid payment, a billing key with a booked
 * schedule, a sent identity verification, a sub-store of a hosting merchant, a store-limited key,
 * and another merchant's ids (which must answer as not found).
 */
export async function fuzzContext(): Promise<FuzzContext> {
  const [m, hosting, other] = await Promise.all([newMerchant(), newMerchant({ hosting: true }), newMerchant()]);
  const limited = await addStoreWithLimitedKey(m.merchant_id);
  const payment = await paidPayment(m);
  const billingKey = await issueKey(m);
  const schedule = await m.api.post("/v2/schedules", {
    ...payBody(billingKey),
    payment_id: newId("fuzz-sch-"),
    scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(schedule.status).toBe(200);
  const verification = newId("fuzz-iv-");
  const identityChannel = m.channels.find((c) => c.pg_provider === "DANAL")!.key;
  const sent = await m.api.post(`/identity-verifications/${verification}/send`, {
    channelKey: identityChannel,
    customer: { name: "Kim", phoneNumber: "01011112222", identityNumber: "8703152" },
    operator: "SKT",
    method: "SMS",
  });
  expect(sent.status).toBe(200);
  const store = await hosting.api.post("/v2/stores", storeBody());
  expect(store.status).toBe(200);
  const otherPayment = await paidPayment(other);
  const tx = (await m.api.get(`/v2/payments/${payment}`)).body.payment.transactions[0].id as string;
  const paymentChannel = m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
  const login = await callApi("POST", "/login/api-key", { body: { apiKey: other.api_key } });
  return {
    tokens: { merchant: m.accessToken, hosting: hosting.accessToken, limited: limited.accessToken },
    ids: {
      payment_id: [payment, otherPayment, newId("fuzz-new-")],
      billing_key: [billingKey],
      schedule_id: [schedule.body.id],
      id: [verification],
      store_id: [m.store_id, limited.storeId, other.store_id],
      storeId: [m.store_id, other.store_id],
      "store-id": [store.body.id, m.store_id],
      channel_key: [paymentChannel, identityChannel, other.channels[0]!.key],
      channelKey: [identityChannel, paymentChannel],
      channel_name: [paymentChannel],
      tx_id: [tx],
      card_number: ["4242424242424242", "4000000000000002"],
      refresh_token: [login.body.refreshToken],
      api_key: [other.api_key],
      apiKey: [other.api_key],
    },
  };
}
