import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { apiAs } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { addStoreWithLimitedKey } from "@/lib/testing/tenants";
import { cardCredential } from "@/lib/testing/payments";

type Api = ReturnType<typeof apiAs>;

async function payInOwnStore(api: Api, paymentId: string) {
  const channels = (await api.get("/v2/channels")).body.channels as Array<{ key: string; pg_provider: string }>;
  const channelKey = channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
  const body = {
    channel_key: channelKey,
    order_name: "Order",
    total_amount: 11000,
    currency: "KRW",
    payment_method_option: { card: { card_credential: cardCredential("4242424242424242") } },
  };
  const res = await api.post(`/v2/payments/${paymentId}/instant/pay`, body, { "idempotency-key": "pay-1" });
  expect(res.status).toBe(200);
  expect(res.headers.get("idempotent-replayed")).toBeNull();
  return res.body.tx_id as string;
}

describe("Idempotency-Key space per store scope (CONTRACT §12)", () => {
  it("two store-limited keys of one merchant never share answers: store B's cancel is not store A's replay", async () => {
    const m = await newMerchant();
    const a = apiAs(
      (
        await loginWithApiKey(
          (
            await createApiKey({ merchantId: m.merchant_id, storeId: m.store_id, name: "store A only" })
          ).apiKey,
        )
      ).accessToken,
    );
    const b = (await addStoreWithLimitedKey(m.merchant_id)).api;
    // The same payment id (and the same key) in each store: payment ids are unique per store.
    const txA = await payInOwnStore(a, "order-1");
    const txB = await payInOwnStore(b, "order-1");
    expect(txB).not.toBe(txA);

    const cancel = { cancel_amount: 1000, reason: "partial refund" };
    const cancelA = await a.post("/v2/payments/order-1/cancel", cancel, { "idempotency-key": "cancel-1" });
    expect(cancelA.status).toBe(200);
    const cancelB = await b.post("/v2/payments/order-1/cancel", cancel, { "idempotency-key": "cancel-1" });
    expect(cancelB.status).toBe(200);
    expect(cancelB.headers.get("idempotent-replayed")).toBeNull();
    expect(cancelB.body.cancelled_tx_id).toBe(txB);
    expect((await b.get("/v2/payments/order-1")).body.payment.transactions[0].amount.cancelled).toBe(1000);
    expect((await a.get("/v2/payments/order-1")).body.payment.transactions[0].amount.cancelled).toBe(1000);

    // Within one store the key still replays.
    const replayB = await b.post("/v2/payments/order-1/cancel", cancel, { "idempotency-key": "cancel-1" });
    expect(replayB.headers.get("idempotent-replayed")).toBe("true");
    expect(replayB.body).toEqual(cancelB.body);
  });

  it("a merchant-wide key has its own key space too, apart from a store-limited key's", async () => {
    const m = await newMerchant();
    const limited = apiAs(
      (
        await loginWithApiKey(
          (
            await createApiKey({ merchantId: m.merchant_id, storeId: m.store_id, name: "store only" })
          ).apiKey,
        )
      ).accessToken,
    );
    await payInOwnStore(m.api, "order-wide");
    const viaLimited = await limited.post(
      "/v2/payments/order-wide/cancel",
      { cancel_amount: 500, reason: "r" },
      { "idempotency-key": "k" },
    );
    const viaWide = await m.api.post(
      "/v2/payments/order-wide/cancel",
      { cancel_amount: 500, reason: "r" },
      { "idempotency-key": "k" },
    );
    expect([viaLimited.status, viaWide.status]).toEqual([200, 200]);
    expect(viaWide.headers.get("idempotent-replayed")).toBeNull();
    expect((await m.api.get("/v2/payments/order-wide")).body.payment.transactions[0].amount.cancelled).toBe(1000);
  });
});
