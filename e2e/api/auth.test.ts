import { describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { refreshGraceMs } from "@/lib/auth/tokens";
import { sha256 } from "@/lib/crypto";
import { getDb } from "@/lib/db/client";
import { callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";

describe("POST /login/api-key", () => {
  it("exchanges an API key for an access and a refresh token", async () => {
    const m = await newMerchant();
    const res = await callApi("POST", "/login/api-key", { body: { apiKey: m.api_key } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["accessToken", "refreshToken"]);
    const channels = await callApi("GET", "/v2/channels", { token: res.body.accessToken });
    expect(channels.status).toBe(200);
  });

  it("answers 401 {type: UNAUTHORIZED, message} for a wrong key", async () => {
    const res = await callApi("POST", "/login/api-key", { body: { apiKey: "sk_wrong" } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ type: "UNAUTHORIZED", message: expect.any(String) });
  });

  it("answers 400 {type: INVALID_REQUEST, message} naming the missing field", async () => {
    const res = await callApi("POST", "/login/api-key", { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe("INVALID_REQUEST");
    expect(res.body.message).toContain("apiKey");
  });

  it("answers 400 for malformed JSON and accepts a body sent as text/plain", async () => {
    const bad = await callApi("POST", "/login/api-key", {
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe("INVALID_REQUEST");
    const m = await newMerchant();
    const ok = await callApi("POST", "/login/api-key", {
      rawBody: JSON.stringify({ apiKey: m.api_key }),
      headers: { "content-type": "text/plain" },
    });
    expect(ok.status).toBe(200);
  });

  it("answers 413 in the family envelope for a body over 1 MB", async () => {
    const res = await callApi("POST", "/login/api-key", { body: { apiKey: "x".repeat(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
    expect(res.body.type).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a revoked key", async () => {
    const m = await newMerchant();
    const key = await createApiKey({ merchantId: m.merchant_id, name: "temp" });
    await revokeApiKey(m.merchant_id, key.id);
    const res = await callApi("POST", "/login/api-key", { body: { apiKey: key.apiKey } });
    expect(res.status).toBe(401);
  });
});

describe("POST /v2/signin/api-key (deprecated)", () => {
  it("returns snake_case tokens", async () => {
    const m = await newMerchant();
    const res = await callApi("POST", "/v2/signin/api-key", { body: { api_key: m.api_key } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["access_token", "refresh_token"]);
  });

  it("answers 401 with {code, params, message}", async () => {
    const res = await callApi("POST", "/v2/signin/api-key", { body: { api_key: "sk_nope" } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: "UNAUTHORIZED",
      params: { message: expect.any(String) },
      message: expect.any(String),
    });
  });
});

describe("POST /v2/token-regeneration", () => {
  it("rotates: the new pair works, the used refresh token does not", async () => {
    const m = await newMerchant();
    const first = await callApi("POST", "/v2/token-regeneration", { body: { refresh_token: m.refreshToken } });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["access_token", "refresh_token"]);
    expect((await callApi("GET", "/v2/channels", { token: first.body.access_token })).status).toBe(200);
    const second = await callApi("POST", "/v2/token-regeneration", {
      body: { refresh_token: first.body.refresh_token },
    });
    expect(second.status).toBe(200);
  });

  it("reuse of a rotated token revokes the whole family", async () => {
    const m = await newMerchant();
    const rotated = await callApi("POST", "/v2/token-regeneration", { body: { refresh_token: m.refreshToken } });
    // Past the grace window in which a retry of the same token gets the same pair (refresh-grace.test.ts).
    await getDb()
      .updateTable("refresh_tokens")
      .set({ rotated_at: Date.now() - refreshGraceMs() - 1_000 })
      .where("token_hash", "=", sha256(m.refreshToken))
      .execute();
    const reuse = await callApi("POST", "/v2/token-regeneration", { body: { refresh_token: m.refreshToken } });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({
      code: "UNAUTHORIZED",
      params: { message: expect.any(String) },
      message: expect.any(String),
    });
    // Every token of the family is now dead: the descendant refresh token and both access tokens.
    expect(
      (await callApi("POST", "/v2/token-regeneration", { body: { refresh_token: rotated.body.refresh_token } })).status,
    ).toBe(401);
    expect((await callApi("GET", "/v2/channels", { token: rotated.body.access_token })).status).toBe(401);
    expect((await callApi("GET", "/v2/channels", { token: m.accessToken })).status).toBe(401);
  });

  it("answers 401 for an unknown token and 400 for a missing one", async () => {
    expect((await callApi("POST", "/v2/token-regeneration", { body: { refresh_token: "rt_unknown" } })).status).toBe(
      401,
    );
    const missing = await callApi("POST", "/v2/token-regeneration", { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("INVALID_REQUEST");
    expect(missing.body.message).toContain("refresh_token");
  });
});

describe("Authorization header", () => {
  it("401 {code: UNAUTHORIZED, params} without, with garbage, or with a tampered token", async () => {
    const m = await newMerchant();
    for (const authorization of [
      undefined,
      "Bearer nonsense",
      `Bearer ${m.accessToken.slice(0, -2)}xx`,
      `Basic ${m.api_key}`,
    ]) {
      const res = await callApi("GET", "/v2/channels", { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("UNAUTHORIZED");
      expect(res.body.params).toBeTypeOf("object");
    }
  });

  it("accepts `PortOne <api key>` directly", async () => {
    const m = await newMerchant();
    const res = await callApi("GET", "/v2/channels", { headers: { authorization: `PortOne ${m.api_key}` } });
    expect(res.status).toBe(200);
    expect((await callApi("GET", "/v2/channels", { headers: { authorization: "PortOne sk_nope" } })).status).toBe(401);
  });

  it("a revoked key's access tokens stop working", async () => {
    const m = await newMerchant();
    const key = await createApiKey({ merchantId: m.merchant_id, name: "temp" });
    const login = await callApi("POST", "/login/api-key", { body: { apiKey: key.apiKey } });
    await revokeApiKey(m.merchant_id, key.id);
    expect((await callApi("GET", "/v2/channels", { token: login.body.accessToken })).status).toBe(401);
  });
});

describe("secrets at rest", () => {
  it("stores API keys and refresh tokens only as hashes", async () => {
    const m = await newMerchant();
    const keys = await getDb().selectFrom("api_keys").selectAll().where("merchant_id", "=", m.merchant_id).execute();
    expect(JSON.stringify(keys)).not.toContain(m.api_key);
    const tokens = await getDb().selectFrom("refresh_tokens").selectAll().execute();
    expect(JSON.stringify(tokens)).not.toContain(m.refreshToken);
    const users = await getDb().selectFrom("users").selectAll().where("merchant_id", "=", m.merchant_id).execute();
    expect(JSON.stringify(users)).not.toContain(m.dashboard.password);
  });
});
