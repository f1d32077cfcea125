import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { apiAs } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { storeBody } from "@/lib/testing/stores";

const platformError = (code: string) => ({
  code,
  params: expect.objectContaining({ message: expect.any(String) }),
  message: expect.any(String),
});

async function hostingMerchant() {
  return newMerchant({ hosting: true });
}

function withLicense(overrides: Record<string, unknown>) {
  const base = storeBody();
  return storeBody({ business_license: { ...(base.business_license as object), ...overrides } });
}

describe("POST /v2/stores", () => {
  it("creates a sub-store and answers the spec's Store", async () => {
    const m = await hostingMerchant();
    const res = await m.api.post("/v2/stores", storeBody({ tier_code: "AB1" }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^store-/),
      name: "Sub store",
      tier_code: "AB1",
      service_urls: ["https://shop.example.com"],
      manager_name: "Kim Manager",
      manager_phone_number: "010-1234-5678",
      manager_email: "manager@example.com",
      representative: {
        name_ko: "홍길동",
        name_en: "Gildong Hong",
        email: "ceo@example.com",
        phone_number: "01012345678",
        birth_date: "1980-01-31",
      },
      business_license: expect.objectContaining({
        taxation_type: "PERSON",
        company_name: "Example Shop",
        business_types: ["Retail"],
        business_items: ["E-commerce"],
      }),
    });
  });

  it("gives the new store its own TEST channels", async () => {
    const m = await hostingMerchant();
    const store = (await m.api.post("/v2/stores", storeBody())).body;
    const res = await m.api.get(`/v2/channels?store_id=${store.id}`);
    expect(res.status).toBe(200);
    expect(res.body.channels.map((c: { pg_provider: string }) => c.pg_provider)).toEqual(
      expect.arrayContaining(["TOSSPAYMENTS", "KCP", "NICE", "KAKAOPAY", "DANAL"]),
    );
    const own = (await m.api.get("/v2/channels")).body.channels.map((c: { key: string }) => c.key);
    for (const c of res.body.channels) expect(own).not.toContain(c.key);
  });

  it("accepts the old spelling term_agreed", async () => {
    const m = await hostingMerchant();
    const { terms_agreed: _t, ...body } = storeBody();
    const res = await m.api.post("/v2/stores", { ...body, term_agreed: [true, true] });
    expect(res.status).toBe(200);
  });

  it("refuses agreements that are not both true: 400 TERMS_NOT_AGREED", async () => {
    const m = await hostingMerchant();
    for (const terms of [[true, false], [false, true], [true], undefined]) {
      const res = await m.api.post("/v2/stores", storeBody({ terms_agreed: terms }));
      expect(res.status, JSON.stringify(terms)).toBe(400);
      expect(res.body).toEqual(platformError("TERMS_NOT_AGREED"));
    }
    const alias = await m.api.post("/v2/stores", {
      ...storeBody({ terms_agreed: undefined }),
      term_agreed: [false, false],
    });
    expect(alias.body.code).toBe("TERMS_NOT_AGREED");
  });

  it("refuses a tier code used by another store of the merchant: 400 TIER_CODE_ALREADY_EXISTS", async () => {
    const m = await hostingMerchant();
    expect((await m.api.post("/v2/stores", storeBody({ tier_code: "X9Z" }))).status).toBe(200);
    const res = await m.api.post("/v2/stores", storeBody({ tier_code: "X9Z" }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(platformError("TIER_CODE_ALREADY_EXISTS"));
    // Unique per merchant: another merchant may use it.
    const other = await hostingMerchant();
    expect((await other.api.post("/v2/stores", storeBody({ tier_code: "X9Z" }))).status).toBe(200);
  });

  it("concurrent creations with one tier code: exactly one wins, the rest are TIER_CODE_ALREADY_EXISTS", async () => {
    const m = await hostingMerchant();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => m.api.post("/v2/stores", storeBody({ tier_code: "RCE" }))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body).toEqual(platformError("TIER_CODE_ALREADY_EXISTS"));
    expect((await m.api.get("/v2/stores")).body.stores).toHaveLength(1);
  });

  it.each([
    ["tier_code too short", storeBody({ tier_code: "AB" }), "tier_code"],
    ["tier_code too long", storeBody({ tier_code: "ABCD" }), "tier_code"],
    ["tier_code with a symbol", storeBody({ tier_code: "A-1" }), "tier_code"],
    ["terms_agreed not booleans", storeBody({ terms_agreed: ["yes", "yes"] }), "terms_agreed"],
    ["no name", storeBody({ name: "" }), "name"],
    ["service_urls not URLs", storeBody({ service_urls: ["not a url"] }), "service_urls"],
    ["manager_email malformed", storeBody({ manager_email: "nope" }), "manager_email"],
  ])("400 INVALID_REQUEST naming the field: %s", async (_name, body, field) => {
    const m = await hostingMerchant();
    const res = await m.api.post("/v2/stores", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(platformError("INVALID_REQUEST"));
    expect(res.body.message).toContain(`body.${field}`);
  });

  it.each(["name_ko", "name_en", "email", "phone_number", "birth_date"])(
    "requires representative.%s",
    async (field) => {
      const m = await hostingMerchant();
      const rep = { ...(storeBody().representative as Record<string, unknown>) };
      delete rep[field];
      const res = await m.api.post("/v2/stores", storeBody({ representative: rep }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(platformError("INVALID_REQUEST"));
      expect(res.body.message).toContain(`body.representative.${field}`);
    },
  );

  it.each(["1980-13-01", "1980-02-30", "19800131", "31-01-1980"])(
    "refuses birth_date %s (yyyy-MM-dd)",
    async (birth) => {
      const m = await hostingMerchant();
      const rep = { ...(storeBody().representative as Record<string, unknown>), birth_date: birth };
      const res = await m.api.post("/v2/stores", storeBody({ representative: rep }));
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("body.representative.birth_date");
    },
  );

  it.each([
    "taxation_type",
    "company_name",
    "registration_number",
    "business_location",
    "business_location_detail",
    "postal_code",
    "business_types",
    "business_items",
  ])("requires business_license.%s", async (field) => {
    const m = await hostingMerchant();
    const license = { ...(storeBody().business_license as Record<string, unknown>) };
    delete license[field];
    const res = await m.api.post("/v2/stores", storeBody({ business_license: license }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(platformError("INVALID_REQUEST"));
    expect(res.body.message).toContain(`body.business_license.${field}`);
  });

  it("accepts a well-formed business registration number whatever its check digit (existing clients send such numbers)", async () => {
    const m = await hostingMerchant();
    const res = await m.api.post("/v2/stores", withLicense({ registration_number: "123-45-67890" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.business_license.registration_number).toBe("123-45-67890");
    const put = await m.api.put(`/v2/stores/${res.body.id}`, {
      business_license: { ...(withLicense({}).business_license as object), registration_number: "2208162518" },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  it.each(["1248100998", "124-81-00998", "123-45-67891"])(
    "accepts the valid business registration number %s with or without dashes",
    async (number) => {
      const m = await hostingMerchant();
      const res = await m.api.post("/v2/stores", withLicense({ registration_number: number }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.business_license.registration_number).toBe(number);
    },
  );

  it("accepts corporate-only fields for CORPORATE and refuses them otherwise", async () => {
    const m = await hostingMerchant();
    const corporate = { corporate_registration_number: "110111-1234567", headquarter_location: "Seoul" };
    const ok = await m.api.post("/v2/stores", withLicense({ taxation_type: "CORPORATE", ...corporate }));
    expect(ok.status).toBe(200);
    expect(ok.body.business_license).toMatchObject({ taxation_type: "CORPORATE", ...corporate });
    for (const [field, value] of Object.entries(corporate)) {
      const res = await m.api.post("/v2/stores", withLicense({ taxation_type: "PERSON", [field]: value }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual(platformError("INVALID_REQUEST"));
      expect(res.body.message).toContain(`body.business_license.${field}`);
    }
  });

  it("is 403 FORBIDDEN without the hosting contract", async () => {
    const m = await newMerchant();
    const res = await m.api.post("/v2/stores", storeBody());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: "FORBIDDEN",
      params: { message: expect.any(String) },
      message: expect.any(String),
    });
  });

  it("is 401 without a token", async () => {
    const res = await apiAs("not-a-token").post("/v2/stores", storeBody());
    expect(res.status).toBe(401);
    expect(res.body).toEqual(platformError("UNAUTHORIZED"));
  });
});

describe("GET /v2/stores and /v2/stores/{store-id}", () => {
  it("lists the sub-stores (not the merchant's default store) and reads one", async () => {
    const m = await hostingMerchant();
    const a = (await m.api.post("/v2/stores", storeBody({ name: "A" }))).body;
    const b = (await m.api.post("/v2/stores", storeBody({ name: "B" }))).body;
    const list = await m.api.get("/v2/stores");
    expect(list.status).toBe(200);
    expect(list.body.stores.map((s: { id: string }) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.body.stores.find((s: { id: string }) => s.id === a.id)).toEqual(a);
    const one = await m.api.get(`/v2/stores/${b.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(b);
    const def = await m.api.get(`/v2/stores/${m.store_id}`);
    expect(def.status).toBe(404);
    expect(def.body).toEqual(platformError("STORE_NOT_FOUND"));
  });

  it("another merchant's store is 404 STORE_NOT_FOUND", async () => {
    const a = await hostingMerchant();
    const b = await hostingMerchant();
    const store = (await b.api.post("/v2/stores", storeBody())).body;
    const res = await a.api.get(`/v2/stores/${store.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(platformError("STORE_NOT_FOUND"));
    expect((await a.api.get("/v2/stores")).body.stores).toEqual([]);
    const put = await a.api.put(`/v2/stores/${store.id}`, { name: "stolen" });
    expect(put.status).toBe(404);
    expect(put.body).toEqual(platformError("STORE_NOT_FOUND"));
  });

  it("is 403 FORBIDDEN without the hosting contract", async () => {
    const m = await newMerchant();
    for (const res of [
      await m.api.get("/v2/stores"),
      await m.api.get(`/v2/stores/${m.store_id}`),
      await m.api.put(`/v2/stores/${m.store_id}`, { name: "x" }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(platformError("FORBIDDEN"));
    }
  });

  it("a store-limited key lists and reads only its store, and cannot create stores", async () => {
    const m = await hostingMerchant();
    const mine = (await m.api.post("/v2/stores", storeBody({ name: "Mine" }))).body;
    const other = (await m.api.post("/v2/stores", storeBody({ name: "Other" }))).body;
    const key = await createApiKey({ merchantId: m.merchant_id, storeId: mine.id, name: "sub" });
    const api = apiAs((await loginWithApiKey(key.apiKey)).accessToken);
    expect((await api.get("/v2/stores")).body.stores.map((s: { id: string }) => s.id)).toEqual([mine.id]);
    expect((await api.get(`/v2/stores/${mine.id}`)).status).toBe(200);
    const denied = await api.get(`/v2/stores/${other.id}`);
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual(platformError("STORE_NOT_FOUND"));
    const put = await api.put(`/v2/stores/${other.id}`, { name: "renamed by a sibling" });
    expect(put.status).toBe(404);
    expect(put.body).toEqual(platformError("STORE_NOT_FOUND"));
    expect((await api.put(`/v2/stores/${mine.id}`, { name: "Mine 2" })).body.name).toBe("Mine 2");
    const create = await api.post("/v2/stores", storeBody());
    expect(create.status).toBe(403);
    expect(create.body).toEqual(platformError("FORBIDDEN"));
    // Its token carries its store, so channel calls default to it.
    const channels = await api.get("/v2/channels");
    const stored = await getDb().selectFrom("channels").select("key").where("store_id", "=", mine.id).execute();
    expect(channels.body.channels.map((c: { key: string }) => c.key).sort()).toEqual(stored.map((c) => c.key).sort());
  });
});

describe("PUT /v2/stores/{store-id}", () => {
  it("replaces the given members and keeps tier code and taxation type", async () => {
    const m = await hostingMerchant();
    const store = (await m.api.post("/v2/stores", storeBody({ tier_code: "KP1" }))).body;
    const license: Record<string, unknown> = {
      ...(storeBody().business_license as object),
      company_name: "Renamed Co",
    };
    delete license.taxation_type;
    const res = await m.api.put(`/v2/stores/${store.id}`, {
      name: "Renamed",
      service_urls: ["https://new.example.com"],
      business_license: license,
      tier_code: "ZZZ",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: store.id,
      name: "Renamed",
      tier_code: "KP1",
      service_urls: ["https://new.example.com"],
      manager_name: "Kim Manager",
    });
    expect(res.body.business_license).toMatchObject({ taxation_type: "PERSON", company_name: "Renamed Co" });
    expect((await m.api.get(`/v2/stores/${store.id}`)).body).toEqual(res.body);
  });

  it("validates the representative and refuses corporate-only fields for a PERSON store", async () => {
    const m = await hostingMerchant();
    const store = (await m.api.post("/v2/stores", storeBody())).body;
    const rep = { ...(storeBody().representative as Record<string, unknown>), birth_date: "1980/01/31" };
    const bad = await m.api.put(`/v2/stores/${store.id}`, { representative: rep });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(platformError("INVALID_REQUEST"));
    expect(bad.body.message).toContain("body.representative.birth_date");
    const license: Record<string, unknown> = {
      ...(storeBody().business_license as object),
      corporate_registration_number: "110111-1234567",
    };
    delete license.taxation_type;
    const corp = await m.api.put(`/v2/stores/${store.id}`, { business_license: license });
    expect(corp.status).toBe(400);
    expect(corp.body).toEqual(platformError("INVALID_REQUEST"));
    expect(corp.body.message).toContain("business_license.corporate_registration_number");
  });

  it("unknown store is 404 STORE_NOT_FOUND", async () => {
    const m = await hostingMerchant();
    const res = await m.api.put("/v2/stores/store-missing", { name: "x" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(platformError("STORE_NOT_FOUND"));
  });
});
