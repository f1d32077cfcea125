import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { advanceApplication } from "@/lib/onboarding/advance-application";
import { advanceContract } from "@/lib/onboarding/advance-contract";
import { listStoreApplicationViews } from "@/lib/onboarding/list-store-application-views";
import type { AuthContext } from "@/lib/auth/context";
import { apiAs } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { storeBody } from "@/lib/testing/stores";

const platformError = (code: string) => ({
  code,
  params: expect.objectContaining({ message: expect.any(String) }),
  message: expect.any(String),
});

const info = {
  bank_name: "KB",
  account_number: "123-456-789012",
  account_holder_name: "Example Shop",
  homepage_name: "Example",
  development_method: "SELF_DEVELOPMENT",
  supporting_countries: ["KR"],
};

async function merchantWithStore() {
  const m = await newMerchant({ hosting: true });
  const store = (await m.api.post("/v2/stores", storeBody())).body as { id: string };
  const ctx: AuthContext = {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: true,
    origin: { platform_type: "API", ip_address: "127.0.0.1" },
  };
  return { ...m, store, ctx };
}

describe("POST /v2/stores/{store-id}/applications", () => {
  it("creates one application per provider, RECEPTION_SCHEDULED", async () => {
    const m = await merchantWithStore();
    const res = await m.api.post(`/v2/stores/${m.store.id}/applications`, {
      applications: [
        { pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL", "CARD_SUBSCRIBE"] },
        { pg_company: "UNIDENTIFIED", methods: ["VBANK_GENERAL"] },
      ],
      pg_specific_info: info,
    });
    expect(res.status).toBe(200);
    expect(res.body.applications).toEqual([
      {
        id: expect.any(String),
        store_id: m.store.id,
        pg_company: "TOSSPAYMENTS",
        methods: ["CARD_GENERAL", "CARD_SUBSCRIBE"],
        status: "RECEPTION_SCHEDULED",
        pg_specific_info: info,
      },
      {
        id: expect.any(String),
        store_id: m.store.id,
        pg_company: "UNIDENTIFIED",
        methods: ["VBANK_GENERAL"],
        status: "RECEPTION_SCHEDULED",
        pg_specific_info: info,
      },
    ]);
    const list = await m.api.get(`/v2/stores/${m.store.id}/applications`);
    expect(list.status).toBe(200);
    expect(list.body.applications).toEqual(res.body.applications);
  });

  it("accepts a single object where applications expects an array", async () => {
    const m = await merchantWithStore();
    const res = await m.api.post(`/v2/stores/${m.store.id}/applications`, {
      applications: { pg_company: "TOSSPAYMENTS", methods: ["TRANS_GENERAL"] },
      pg_specific_info: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.applications).toHaveLength(1);
    expect(res.body.applications[0]).toMatchObject({ pg_company: "TOSSPAYMENTS", methods: ["TRANS_GENERAL"] });
  });

  it.each([
    [
      "a provider outside UNIDENTIFIED/TOSSPAYMENTS",
      { applications: [{ pg_company: "KCP", methods: ["CARD_GENERAL"] }], pg_specific_info: {} },
      "body.applications.0.pg_company",
    ],
    [
      "a method outside the six",
      { applications: [{ pg_company: "TOSSPAYMENTS", methods: ["KAKAOPAY_GENERAL"] }], pg_specific_info: {} },
      "body.applications.0.methods.0",
    ],
    [
      "no methods",
      { applications: [{ pg_company: "TOSSPAYMENTS", methods: [] }], pg_specific_info: {} },
      "body.applications.0.methods",
    ],
    ["no applications", { applications: [], pg_specific_info: {} }, "body.applications"],
    [
      "no pg_specific_info",
      { applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }] },
      "body.pg_specific_info",
    ],
    [
      "an unknown bank",
      {
        applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }],
        pg_specific_info: { bank_name: "NOPE" },
      },
      "body.pg_specific_info.bank_name",
    ],
    [
      "a bad development method",
      {
        applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }],
        pg_specific_info: { development_method: "OTHER" },
      },
      "body.pg_specific_info.development_method",
    ],
  ])("400 INVALID_REQUEST for %s", async (_name, body, field) => {
    const m = await merchantWithStore();
    const res = await m.api.post(`/v2/stores/${m.store.id}/applications`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(platformError("INVALID_REQUEST"));
    expect(res.body.message).toContain(field);
  });

  it("accepts each of the six methods", async () => {
    const m = await merchantWithStore();
    const methods = [
      "CARD_GENERAL",
      "CARD_SUBSCRIBE",
      "TRANS_GENERAL",
      "VBANK_GENERAL",
      "PHONE_GENERAL",
      "GIFT_CARD_GENERAL",
    ];
    const res = await m.api.post(`/v2/stores/${m.store.id}/applications`, {
      applications: [{ pg_company: "UNIDENTIFIED", methods }],
      pg_specific_info: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.applications[0].methods).toEqual(methods);
  });

  it("is 403 FORBIDDEN without the hosting contract", async () => {
    const m = await newMerchant();
    const body = { applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }], pg_specific_info: {} };
    for (const res of [
      await m.api.post(`/v2/stores/${m.store_id}/applications`, body),
      await m.api.get(`/v2/stores/${m.store_id}/applications`),
      await m.api.get(`/v2/stores/${m.store_id}/applications/tosspayments-status-and-url`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(platformError("FORBIDDEN"));
    }
  });

  it("another merchant's store (and the default store) is 404 STORE_NOT_FOUND on every onboarding route", async () => {
    const a = await merchantWithStore();
    const b = await merchantWithStore();
    const body = { applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }], pg_specific_info: {} };
    await b.api.post(`/v2/stores/${b.store.id}/applications`, body);
    for (const storeId of [b.store.id, a.store_id]) {
      for (const res of [
        await a.api.post(`/v2/stores/${storeId}/applications`, body),
        await a.api.get(`/v2/stores/${storeId}/applications`),
        await a.api.get(`/v2/stores/${storeId}/applications/tosspayments-status-and-url`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(platformError("STORE_NOT_FOUND"));
      }
    }
  });

  it("a store-limited key reaches only its store's applications", async () => {
    const m = await merchantWithStore();
    const other = (await m.api.post("/v2/stores", storeBody())).body;
    const key = await createApiKey({ merchantId: m.merchant_id, storeId: m.store.id, name: "sub" });
    const api = apiAs((await loginWithApiKey(key.apiKey)).accessToken);
    const body = { applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }], pg_specific_info: {} };
    expect((await api.post(`/v2/stores/${m.store.id}/applications`, body)).status).toBe(200);
    const denied = await api.get(`/v2/stores/${other.id}/applications`);
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual(platformError("STORE_NOT_FOUND"));
  });
});

describe("GET /v2/stores/{store-id}/applications/tosspayments-status-and-url", () => {
  it("has one entry per Toss Payments application and payment type; the URL only while READY or IN_DRAFT", async () => {
    const m = await merchantWithStore();
    const created = await m.api.post(`/v2/stores/${m.store.id}/applications`, {
      applications: [
        { pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL", "VBANK_GENERAL", "CARD_SUBSCRIBE"] },
        { pg_company: "UNIDENTIFIED", methods: ["CARD_GENERAL"] },
      ],
      pg_specific_info: {},
    });
    const tossId = created.body.applications[0].id;
    const res = await m.api.get(`/v2/stores/${m.store.id}/applications/tosspayments-status-and-url`);
    expect(res.status).toBe(200);
    expect(res.body.urls).toEqual([
      {
        application_id: tossId,
        payment_type: "GENERAL",
        onboarding_url: expect.stringMatching(/^https?:\/\//),
        status: "READY",
      },
      {
        application_id: tossId,
        payment_type: "SUBSCRIBE",
        onboarding_url: expect.stringMatching(/^https?:\/\//),
        status: "READY",
      },
    ]);
    await advanceContract({ ctx: m.ctx, input: { application_id: tossId, status: "IN_DRAFT" } });
    const draft = await m.api.get(`/v2/stores/${m.store.id}/applications/tosspayments-status-and-url`);
    expect(
      draft.body.urls.every(
        (u: { status: string; onboarding_url?: string }) => u.status === "IN_DRAFT" && u.onboarding_url,
      ),
    ).toBe(true);
    await advanceContract({ ctx: m.ctx, input: { application_id: tossId, status: "WAIT_FOR_REVIEW" } });
    const submitted = await m.api.get(`/v2/stores/${m.store.id}/applications/tosspayments-status-and-url`);
    expect(submitted.body.urls).toEqual([
      { application_id: tossId, payment_type: "GENERAL", status: "WAIT_FOR_REVIEW" },
      { application_id: tossId, payment_type: "SUBSCRIBE", status: "WAIT_FOR_REVIEW" },
    ]);
  });

  it("is empty without Toss Payments applications", async () => {
    const m = await merchantWithStore();
    const res = await m.api.get(`/v2/stores/${m.store.id}/applications/tosspayments-status-and-url`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ urls: [] });
  });
});

describe("sandbox progression", () => {
  it("SERVICE_OPEN gives the store a TEST channel for the provider and pg_credential; every change is in the history", async () => {
    const m = await merchantWithStore();
    const app = (
      await m.api.post(`/v2/stores/${m.store.id}/applications`, {
        applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }],
        pg_specific_info: {},
      })
    ).body.applications[0];
    const before = (await m.api.get(`/v2/channels?store_id=${m.store.id}`)).body.channels.length;
    for (const status of [
      "RECEPTION_COMPLETED",
      "MERCHANT_REVIEWING",
      "CONTRACT_PROCESSING",
      "CONTRACT_COMPLETED",
      "SERVICE_OPEN",
    ] as const) {
      await advanceApplication({ ctx: m.ctx, input: { application_id: app.id, status } });
    }
    const read = (await m.api.get(`/v2/stores/${m.store.id}/applications`)).body.applications[0];
    expect(read.status).toBe("SERVICE_OPEN");
    expect(read.pg_credential).toEqual({
      created: expect.stringMatching(/Z$/),
      modified: expect.stringMatching(/Z$/),
      mid: expect.any(String),
      api_key: expect.any(String),
      client_key: expect.any(String),
      mert_key: expect.any(String),
    });
    const channels = (await m.api.get(`/v2/channels?store_id=${m.store.id}`)).body.channels;
    expect(channels).toHaveLength(before + 1);
    expect(channels).toContainEqual(
      expect.objectContaining({ type: "TEST", pg_provider: "TOSSPAYMENTS", pg_merchant_id: read.pg_credential.mid }),
    );
    // Closing and reopening keeps the same credential and channel.
    await advanceApplication({ ctx: m.ctx, input: { application_id: app.id, status: "SERVICE_CLOSED" } });
    await advanceApplication({ ctx: m.ctx, input: { application_id: app.id, status: "SERVICE_OPEN" } });
    expect((await m.api.get(`/v2/channels?store_id=${m.store.id}`)).body.channels).toHaveLength(before + 1);
    const views = await listStoreApplicationViews({ ctx: m.ctx, input: { store_id: m.store.id } });
    expect(views[0]!.history.filter((h) => h.field === "status").map((h) => h.to)).toEqual([
      "RECEPTION_SCHEDULED",
      "RECEPTION_COMPLETED",
      "MERCHANT_REVIEWING",
      "CONTRACT_PROCESSING",
      "CONTRACT_COMPLETED",
      "SERVICE_OPEN",
      "SERVICE_CLOSED",
      "SERVICE_OPEN",
    ]);
    expect(views[0]!.history.every((h) => typeof h.at === "string")).toBe(true);
  });

  it("refuses a move the state machine does not allow, and a rejection records its reason", async () => {
    const m = await merchantWithStore();
    const app = (
      await m.api.post(`/v2/stores/${m.store.id}/applications`, {
        applications: [{ pg_company: "UNIDENTIFIED", methods: ["CARD_GENERAL"] }],
        pg_specific_info: {},
      })
    ).body.applications[0];
    await expect(
      advanceApplication({ ctx: m.ctx, input: { application_id: app.id, status: "SERVICE_OPEN" } }),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await expect(
      advanceContract({ ctx: m.ctx, input: { application_id: app.id, status: "IN_DRAFT" } }),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await advanceApplication({ ctx: m.ctx, input: { application_id: app.id, status: "RECEPTION_COMPLETED" } });
    await advanceApplication({ ctx: m.ctx, input: { application_id: app.id, status: "MERCHANT_REVIEWING" } });
    await advanceApplication({
      ctx: m.ctx,
      input: { application_id: app.id, status: "CONTRACT_REJECTED", reason: "business type not supported" },
    });
    const read = (await m.api.get(`/v2/stores/${m.store.id}/applications`)).body.applications[0];
    expect(read).toMatchObject({ status: "CONTRACT_REJECTED", failed_reason: "business type not supported" });
    expect(read.pg_credential).toBeUndefined();
  });

  it("another merchant cannot advance an application", async () => {
    const a = await merchantWithStore();
    const b = await merchantWithStore();
    const app = (
      await b.api.post(`/v2/stores/${b.store.id}/applications`, {
        applications: [{ pg_company: "TOSSPAYMENTS", methods: ["CARD_GENERAL"] }],
        pg_specific_info: {},
      })
    ).body.applications[0];
    await expect(
      advanceApplication({ ctx: a.ctx, input: { application_id: app.id, status: "RECEPTION_COMPLETED" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      advanceContract({ ctx: a.ctx, input: { application_id: app.id, status: "IN_DRAFT" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
