import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { apiAs } from "@/lib/testing/api";
import { cardOption, issueKey } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardCredential, cardPayBody, newPaymentId, paymentChannelKey } from "@/lib/testing/payments";
import { insertStore } from "@/lib/tenancy/insert-store";
import {
  deleteBillingKeyResponse,
  getBillingKeyResponse,
  issueBillingKeyResponse,
  listBillingKeysResponse,
} from "@/lib/billing-keys/schema";
import type { Json } from "@/lib/testing/json";

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectError(res: { status: number; body: Json }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ code, params: expect.any(Object) });
}

async function subStoreKey(m: Awaited<ReturnType<typeof newMerchant>>) {
  const sub = await insertStore(getDb(), { merchantId: m.merchant_id, name: "Sub", isDefault: false });
  const key = await createApiKey({ merchantId: m.merchant_id, storeId: sub.id, name: "sub only" });
  return { subId: sub.id, api: apiAs((await loginWithApiKey(key.apiKey)).accessToken) };
}

describe("POST /v2/billing-keys", () => {
  it("issues a key from a card, keeping only the masked number, BIN, brand, kinds and the provider token", async () => {
    const m = await newMerchant();
    const res = await m.api.post("/v2/billing-keys", {
      channel_key: paymentChannelKey(m),
      customer: {
        customer_id: "cust-1",
        customer_name: { full_name: "Kim Minsu" },
        email: "kim@example.com",
        birth_year: "1990",
      },
      custom_data: '{"plan":"gold"}',
      payment_method_option: cardOption(SANDBOX_CARDS.VISA_OK),
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["billing_key", "customer_id", "issued_at", "requested_at"]);
    expect(res.body.billing_key).toMatch(/^billing-key-/);
    expect(res.body.customer_id).toBe("cust-1");
    expect(res.body.issued_at).toMatch(RFC3339);
    issueBillingKeyResponse.parse(res.body);

    const got = await m.api.get(`/v2/billing-keys/${res.body.billing_key}`);
    expect(got.status).toBe(200);
    getBillingKeyResponse.parse(got.body);
    const key = got.body.billing_key;
    expect(key).toMatchObject({
      billing_key: res.body.billing_key,
      merchant_id: m.merchant_id,
      store_id: m.store_id,
      status: "ISSUED",
      custom_data: '{"plan":"gold"}',
      customer: { id: "cust-1", name: "Kim Minsu", email: "kim@example.com", birthYear: "1990" },
      channel: { key: paymentChannelKey(m), type: "TEST", pg_provider: "TOSSPAYMENTS" },
      origin: { platform_type: "API" },
      payment_method_detail: {
        card: {
          detail: {
            number: "424242******4242",
            bin: "424242",
            brand: "VISA",
            card_type: "CREDIT",
            card_owner_type: "PERSONAL",
          },
        },
      },
    });
    expect(key.deleted_at).toBeUndefined();
    const row = await getDb()
      .selectFrom("billing_keys")
      .selectAll()
      .where("id", "=", res.body.billing_key)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain("4242424242424242");
    expect(JSON.stringify(row)).not.toContain("900101");
    expect(row.pg_billing_key).toMatch(/^sbx-bk-/);
  });

  it("issues a key for a mobile phone, assigns a customer id, accepts channel_name as an alias", async () => {
    const m = await newMerchant();
    const res = await m.api.post("/v2/billing-keys", {
      channel_name: paymentChannelKey(m),
      customer: { phone_number: "01012345678" },
      payment_method_option: { mobile_phone: { carrier: "SKT" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.customer_id).toMatch(/^customer-/);
    const got = await m.api.get(`/v2/billing-keys/${res.body.billing_key}`);
    expect(got.body.billing_key.payment_method_detail).toEqual({
      mobile: { carrier: "SKT", phone_number: "01012345678" },
    });
  });

  it("400 INVALID_REQUEST: neither or both of card and mobile_phone, no channel_key, a card failing Luhn", async () => {
    const m = await newMerchant();
    const channel_key = paymentChannelKey(m);
    expectError(
      await m.api.post("/v2/billing-keys", { channel_key, payment_method_option: {} }),
      400,
      "INVALID_REQUEST",
    );
    expectError(
      await m.api.post("/v2/billing-keys", {
        channel_key,
        payment_method_option: { ...cardOption(), mobile_phone: {} },
      }),
      400,
      "INVALID_REQUEST",
    );
    const noChannel = await m.api.post("/v2/billing-keys", { payment_method_option: cardOption() });
    expectError(noChannel, 400, "INVALID_REQUEST");
    expect(noChannel.body.params.message).toContain("channel_key");
    const luhn = await m.api.post("/v2/billing-keys", {
      channel_key,
      payment_method_option: cardOption("4242424242424241"),
    });
    expectError(luhn, 400, "INVALID_REQUEST");
    expect(luhn.body.params.field).toBe("card_number");
    expect(
      await getDb().selectFrom("billing_keys").select("id").where("merchant_id", "=", m.merchant_id).execute(),
    ).toEqual([]);
  });

  it("400 INVALID_REQUEST: a bad card field answers exactly as key-in pay does (one set of card rules)", async () => {
    const m = await newMerchant();
    const cases: [string, Record<string, string>][] = [
      ["expiry_month", { expiry_month: "123" }],
      ["expiry_year", { expiry_year: "123" }],
      ["password_two_digits", { password_two_digits: "1" }],
      ["card_number", { card_number: "4".repeat(41) }],
    ];
    for (const [field, bad] of cases) {
      const card = { card_credential: { ...cardCredential(SANDBOX_CARDS.VISA_OK), ...bad } };
      const issued = await m.api.post("/v2/billing-keys", {
        channel_key: paymentChannelKey(m),
        payment_method_option: { card },
      });
      const paid = await m.api.post(
        `/v2/payments/${newPaymentId()}/instant/pay`,
        cardPayBody(m, SANDBOX_CARDS.VISA_OK, { payment_method_option: { card } }),
      );
      expectError(issued, 400, "INVALID_REQUEST");
      expect(issued.body.params.message, field).toContain(field);
      expect(issued.body, field).toEqual(paid.body);
    }
    expect(
      await getDb().selectFrom("billing_keys").select("id").where("merchant_id", "=", m.merchant_id).execute(),
    ).toEqual([]);
  });

  it("404 CHANNEL_NOT_FOUND for an unknown key, another merchant's channel, or an identity-only channel", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const danal = a.channels.find((c) => c.pg_provider === "DANAL")!.key;
    for (const channel_key of ["channel-key-nope", paymentChannelKey(b), danal]) {
      expectError(
        await a.api.post("/v2/billing-keys", { channel_key, payment_method_option: cardOption() }),
        404,
        "CHANNEL_NOT_FOUND",
      );
    }
  });

  it("404 STORE_NOT_FOUND for another merchant's store; 403 PERMISSION_DENIED for a store-limited key naming another store", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    expectError(
      await a.api.post("/v2/billing-keys", {
        store_id: b.store_id,
        channel_key: paymentChannelKey(b),
        payment_method_option: cardOption(),
      }),
      404,
      "STORE_NOT_FOUND",
    );
    const { api } = await subStoreKey(a);
    expectError(
      await api.post("/v2/billing-keys", {
        store_id: a.store_id,
        channel_key: paymentChannelKey(a),
        payment_method_option: cardOption(),
      }),
      403,
      "PERMISSION_DENIED",
    );
  });

  it("a declined issuance answers 500 PG_PROVIDER_ERROR and is kept as a FAILED key", async () => {
    const m = await newMerchant();
    const res = await m.api.post("/v2/billing-keys", {
      channel_key: paymentChannelKey(m),
      payment_method_option: cardOption(SANDBOX_CARDS.DECLINED),
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "CARD_DECLINED", pg_message: expect.any(String) },
    });
    const list = await m.api.get("/v2/billing-keys?status=FAILED");
    expect(list.body.billing_keys).toHaveLength(1);
    const failed = list.body.billing_keys[0];
    expect(failed.status).toBe("FAILED");
    expect(failed.issued_at).toBeUndefined();
    expect(failed.payment_method_detail.card.detail.number).toBe("400000******0002");
  });
});

describe("GET /v2/billing-keys", () => {
  it("fetches the named keys in every query-array form, leaving out unknown and foreign ones", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const k1 = await issueKey(a);
    const k2 = await issueKey(a);
    const foreign = await issueKey(b);
    for (const query of [
      `billing_key=${k1}&billing_key=${k2}`,
      `billing_key[]=${k1}&billing_key[]=${k2}`,
      `billing_key=${k1},${k2}`,
    ]) {
      const res = await a.api.get(`/v2/billing-keys?${query}&billing_key=${foreign}&billing_key=billing-key-none`);
      expect(res.status).toBe(200);
      expect(res.body.billing_keys.map((k: { billing_key: string }) => k.billing_key)).toEqual([k1, k2]);
      expect(res.body.total_count).toBeUndefined();
    }
  });

  it("lists the store's keys newest first with page, limit, customer_id and status (CONTRACT §4 ext)", async () => {
    const m = await newMerchant();
    const keys: string[] = [];
    for (let i = 0; i < 5; i++)
      keys.push(await issueKey(m, undefined, { customer: { customer_id: i < 2 ? "vip" : `c${i}` } }));
    await m.api.delete(`/v2/billing-keys/${keys[0]}`);
    const page = await m.api.get("/v2/billing-keys?page=1&limit=2");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ current_page: 1, total_page: 3, total_count: 5 });
    listBillingKeysResponse.parse(page.body);
    expect(page.body.billing_keys.map((k: { billing_key: string }) => k.billing_key)).toEqual([keys[2], keys[1]]);
    const vip = await m.api.get("/v2/billing-keys?customer_id=vip&status=ISSUED");
    expect(vip.body.billing_keys.map((k: { billing_key: string }) => k.billing_key)).toEqual([keys[1]]);
    const deleted = await m.api.get("/v2/billing-keys?status=DELETED,FAILED");
    expect(deleted.body.billing_keys.map((k: { billing_key: string }) => k.billing_key)).toEqual([keys[0]]);
    expect(deleted.body.billing_keys[0].deleted_at).toMatch(RFC3339);
    expectError(await m.api.get("/v2/billing-keys?limit=1001"), 400, "INVALID_REQUEST");
    expectError(await m.api.get("/v2/billing-keys?status=GONE"), 400, "INVALID_REQUEST");
  });

  it("never lists another merchant's keys: their store is not found", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    await issueKey(b);
    expect((await a.api.get("/v2/billing-keys")).body.total_count).toBe(0);
    expectError(await a.api.get(`/v2/billing-keys?store_id=${b.store_id}`), 404, "STORE_NOT_FOUND");
  });
});

describe("GET /v2/billing-keys/{billing_key}", () => {
  it("404 BILLING_KEY_NOT_FOUND for an unknown key, another merchant's key, or another store's key", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const foreign = await issueKey(b);
    expectError(await a.api.get("/v2/billing-keys/billing-key-nope"), 404, "BILLING_KEY_NOT_FOUND");
    expectError(await a.api.get(`/v2/billing-keys/${foreign}`), 404, "BILLING_KEY_NOT_FOUND");
    expectError(await a.api.get(`/v2/billing-keys/${foreign}?store_id=${b.store_id}`), 404, "BILLING_KEY_NOT_FOUND");
    const own = await issueKey(a);
    const { api } = await subStoreKey(a);
    expectError(await api.get(`/v2/billing-keys/${own}`), 404, "BILLING_KEY_NOT_FOUND");
    expectError(await api.get(`/v2/billing-keys/${own}?store_id=${a.store_id}`), 404, "BILLING_KEY_NOT_FOUND");
  });
});

describe("DELETE /v2/billing-keys/{billing_key}", () => {
  it("deletes an issued key once: then BILLING_KEY_ALREADY_DELETED", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const res = await m.api.delete(`/v2/billing-keys/${key}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["deleted_at"]);
    deleteBillingKeyResponse.parse(res.body);
    expect(res.body.deleted_at).toMatch(RFC3339);
    const got = await m.api.get(`/v2/billing-keys/${key}`);
    expect(got.body.billing_key).toMatchObject({ status: "DELETED", deleted_at: res.body.deleted_at });
    expectError(await m.api.delete(`/v2/billing-keys/${key}`), 400, "BILLING_KEY_ALREADY_DELETED");
  });

  it("400 BILLING_KEY_NOT_ISSUED for a key the provider declined", async () => {
    const m = await newMerchant();
    await m.api.post("/v2/billing-keys", {
      channel_key: paymentChannelKey(m),
      payment_method_option: cardOption(SANDBOX_CARDS.INSUFFICIENT_FUNDS),
    });
    const failed = (await m.api.get("/v2/billing-keys")).body.billing_keys[0].billing_key;
    expectError(await m.api.delete(`/v2/billing-keys/${failed}`), 400, "BILLING_KEY_NOT_ISSUED");
  });

  it("400 BOOKED_SCHEDULE_EXISTENCE while a schedule is booked; deletable once it is cancelled", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const booked = await m.api.post("/v2/schedules", {
      billing_key: key,
      payment_id: "sub-1",
      order_name: "Plan",
      total_amount: 1000,
      currency: "KRW",
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(booked.status).toBe(200);
    const refused = await m.api.delete(`/v2/billing-keys/${key}`);
    expectError(refused, 400, "BOOKED_SCHEDULE_EXISTENCE");
    expect(refused.body.params.schedule_ids).toEqual([booked.body.id]);
    expect((await m.api.delete(`/v2/schedules?billing_key=${key}`)).status).toBe(200);
    expect((await m.api.delete(`/v2/billing-keys/${key}`)).status).toBe(200);
  });

  it("404 BILLING_KEY_NOT_FOUND for an unknown or another merchant's key (which stays issued)", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const foreign = await issueKey(b);
    expectError(await a.api.delete("/v2/billing-keys/billing-key-nope"), 404, "BILLING_KEY_NOT_FOUND");
    expectError(await a.api.delete(`/v2/billing-keys/${foreign}`), 404, "BILLING_KEY_NOT_FOUND");
    expectError(await a.api.delete(`/v2/billing-keys/${foreign}?store_id=${b.store_id}`), 404, "BILLING_KEY_NOT_FOUND");
    expect((await b.api.get(`/v2/billing-keys/${foreign}`)).body.billing_key.status).toBe("ISSUED");
  });
});

describe("LIVE channels and credentials", () => {
  it("a LIVE channel without an adapter refuses issuance (FAILED key) and deletion (the key stays ISSUED)", async () => {
    const m = await newMerchant();
    const live = { id: `ch_live_${m.store_id}`, key: `channel-key-live-${m.store_id}` };
    await getDb()
      .insertInto("channels")
      .values({
        id: live.id,
        merchant_id: m.merchant_id,
        store_id: m.store_id,
        key: live.key,
        name: "Live",
        type: "LIVE",
        pg_provider: "KICC",
        pg_merchant_id: "kicc_live",
        is_for_payment: 1,
        is_for_identity_verification: 0,
        created_at: Date.now(),
      })
      .execute();
    const issued = await m.api.post("/v2/billing-keys", { channel_key: live.key, payment_method_option: cardOption() });
    expect(issued.status).toBe(500);
    expect(issued.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "NO_LIVE_PROVIDER", pg_message: "no live provider configured" },
    });
    const key = (await m.api.get("/v2/billing-keys?status=FAILED")).body.billing_keys[0].billing_key;
    // As if it had been issued while a live adapter was configured.
    await getDb()
      .updateTable("billing_keys")
      .set({ status: "ISSUED", issued_at: Date.now(), pg_billing_key: "live-token" })
      .where("id", "=", key)
      .execute();
    const refused = await m.api.delete(`/v2/billing-keys/${key}`);
    expect(refused.status).toBe(500);
    expect(refused.body).toEqual({
      code: "PG_PROVIDER_ERROR",
      params: { pg_code: "NO_LIVE_PROVIDER", pg_message: "no live provider configured" },
    });
    const after = (await m.api.get(`/v2/billing-keys/${key}`)).body.billing_key;
    expect(after.status).toBe("ISSUED");
    expect(after.deleted_at).toBeUndefined();
  });

  it("401 UNAUTHORIZED on every billing-key and schedule route without a valid token", async () => {
    const anonymous = apiAs("not-a-token");
    const calls = [
      anonymous.get("/v2/billing-keys"),
      anonymous.post("/v2/billing-keys", {}),
      anonymous.get("/v2/billing-keys/billing-key-x"),
      anonymous.delete("/v2/billing-keys/billing-key-x"),
      anonymous.post("/v2/payments/p1/billing-key/pay", {}),
      anonymous.get("/v2/schedules"),
      anonymous.post("/v2/schedules", {}),
      anonymous.delete("/v2/schedules?billing_key=x"),
      anonymous.get("/v2/schedules/schedule-x"),
    ];
    for (const res of await Promise.all(calls)) expectError(res, 401, "UNAUTHORIZED");
  });
});
