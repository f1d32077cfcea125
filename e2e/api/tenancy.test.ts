import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { apiAs } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { insertStore } from "@/lib/tenancy/insert-store";

describe("GET /v2/channels and store scoping", () => {
  it("lists the default store's TEST channels (CONTRACT §3)", async () => {
    const m = await newMerchant();
    const res = await m.api.get("/v2/channels");
    expect(res.status).toBe(200);
    const providers = res.body.channels.map((c: { pg_provider: string }) => c.pg_provider).sort();
    expect(providers).toEqual(expect.arrayContaining(["DANAL", "KAKAOPAY", "KCP", "NICE", "TOSSPAYMENTS"]));
    for (const c of res.body.channels) {
      expect(Object.keys(c).sort()).toEqual([
        "id",
        "is_for_identity_verification",
        "is_for_payment",
        "key",
        "name",
        "pg_merchant_id",
        "pg_provider",
        "type",
      ]);
      expect(c.type).toBe("TEST");
    }
    expect(
      res.body.channels.find((c: { pg_provider: string }) => c.pg_provider === "DANAL").is_for_identity_verification,
    ).toBe(true);
  });

  it("another merchant's store answers STORE_NOT_FOUND", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const res = await a.api.get(`/v2/channels?store_id=${b.store_id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "STORE_NOT_FOUND", params: expect.any(Object) });
  });

  it("a store-limited key sees its store only: the token carries it, another store is 403", async () => {
    const m = await newMerchant();
    const sub = await insertStore(getDb(), { merchantId: m.merchant_id, name: "Sub", isDefault: false });
    const key = await createApiKey({ merchantId: m.merchant_id, storeId: sub.id, name: "sub only" });
    const api = apiAs((await loginWithApiKey(key.apiKey)).accessToken);
    const own = await api.get("/v2/channels");
    expect(own.status).toBe(200);
    const subChannels = await getDb().selectFrom("channels").select("key").where("store_id", "=", sub.id).execute();
    expect(own.body.channels.map((c: { key: string }) => c.key).sort()).toEqual(subChannels.map((c) => c.key).sort());
    const other = await api.get(`/v2/channels?store_id=${m.store_id}`);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("PERMISSION_DENIED");
    // The merchant-wide key may name either store.
    expect((await m.api.get(`/v2/channels?store_id=${sub.id}`)).status).toBe(200);
  });
});

describe("unknown API paths", () => {
  it("answer JSON 404 in the family envelope", async () => {
    const m = await newMerchant();
    const res = await m.api.get("/v2/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    const identity = await m.api.get("/identity-verifications/a/b/c");
    expect(identity.status).toBe(404);
    expect(identity.body.type).toBe("NOT_FOUND");
  });
});
