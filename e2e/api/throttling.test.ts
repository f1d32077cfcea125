import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "@/lib/crypto";
import { getDb } from "@/lib/db/client";
import { withSignInThrottle } from "@/lib/dashboard/sign-in-throttle";
import { newId } from "@/lib/ids";
import { callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";

/**
 * Credential checks are throttled per client address and per account (key prefix, e-mail,
 * verification, phone) in the database: 429 with Retry-After in the route's envelope family.
 * Each test uses its own client address (X-Forwarded-For, as the server leaves it).
 */
const saved = { ...process.env };
beforeAll(() => {
  process.env.THROTTLE_FAILURES_PER_ADDRESS = "5";
  process.env.THROTTLE_FAILURES_PER_ACCOUNT = "3";
  process.env.OTP_RESENDS_PER_VERIFICATION = "2";
  process.env.OTP_RESENDS_PER_PHONE = "3";
});
afterAll(() => {
  for (const name of [
    "THROTTLE_FAILURES_PER_ADDRESS",
    "THROTTLE_FAILURES_PER_ACCOUNT",
    "OTP_RESENDS_PER_VERIFICATION",
    "OTP_RESENDS_PER_PHONE",
  ])
    process.env[name] = saved[name];
});

let n = 0;
const newAddress = () => `198.51.100.${(++n % 250) + 1}-${newId().slice(-6)}`;
const wrongKey = (prefix = `sk_${newId().slice(-7)}`) => `${prefix}${"x".repeat(30)}`;
const login = (apiKey: string, address: string) =>
  callApi("POST", "/login/api-key", { body: { apiKey }, headers: { "x-forwarded-for": address } });

function expectThrottled(res: { status: number; headers: Headers }, windowSeconds = 15 * 60) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(windowSeconds);
}

describe("API-key login throttling", () => {
  it("per key prefix: the 4th wrong key with one prefix is 429 {type, message} with Retry-After; other prefixes are not affected", async () => {
    const prefix = `sk_${newId().slice(-7)}`;
    for (let i = 0; i < 3; i++) expect((await login(wrongKey(prefix), newAddress())).status).toBe(401);
    const res = await login(wrongKey(prefix), newAddress());
    expectThrottled(res);
    expect(res.body).toEqual({ type: "TOO_MANY_REQUESTS", message: expect.any(String) });
    expect((await login(wrongKey(), newAddress())).status).toBe(401);
  });

  it("per client address: after 5 failures even a valid key from that address waits; others log in", async () => {
    const m = await newMerchant();
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await login(wrongKey(), address)).status).toBe(401);
    expectThrottled(await login(m.api_key, address));
    expect((await login(m.api_key, newAddress())).status).toBe(200);
  });

  it("only failures count: a successful login is forgiven", async () => {
    const m = await newMerchant();
    const address = newAddress();
    for (let i = 0; i < 4; i++) expect((await login(wrongKey(), address)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(m.api_key, address)).status).toBe(200);
    expect((await login(wrongKey(), address)).status).toBe(401);
    expectThrottled(await login(wrongKey(), address));
  });

  it("the deprecated sign-in answers 429 in its envelope {code, params, message}", async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++)
      await callApi("POST", "/v2/signin/api-key", {
        body: { api_key: wrongKey() },
        headers: { "x-forwarded-for": address },
      });
    const res = await callApi("POST", "/v2/signin/api-key", {
      body: { api_key: wrongKey() },
      headers: { "x-forwarded-for": address },
    });
    expectThrottled(res);
    expect(res.body).toEqual({
      code: "TOO_MANY_REQUESTS",
      params: { retry_after: expect.any(Number), message: expect.any(String) },
      message: expect.any(String),
    });
  });

  // Three tsx processes: seconds apiece on a loaded machine.
  it("holds across processes: the counters live in the database", { timeout: 120_000 }, async () => {
    const prefix = `sk_${newId().slice(-7)}`;
    const attempt = (key: string) =>
      execFileSync(
        process.execPath,
        ["node_modules/tsx/dist/cli.mjs", "lib/testing/login-attempt.ts", key, newAddress()],
        { encoding: "utf8", env: process.env },
      ).trim();
    expect([attempt(wrongKey(prefix)), attempt(wrongKey(prefix)), attempt(wrongKey(prefix))]).toEqual([
      "UNAUTHORIZED",
      "UNAUTHORIZED",
      "UNAUTHORIZED",
    ]);
    expectThrottled(await login(wrongKey(prefix), newAddress()));
    expect(
      await getDb()
        .selectFrom("rate_limits")
        .select("hits")
        .where("bucket", "=", sha256(`api-key:prefix:${prefix}`))
        .executeTakeFirst(),
    ).toEqual({ hits: 4 });
  });
});

describe("direct API-key auth and token regeneration", () => {
  it("`PortOne <wrong key>` is throttled per address (payment envelope); a valid key is never slowed", async () => {
    const m = await newMerchant();
    const address = newAddress();
    const channels = (auth: string) =>
      callApi("GET", "/v2/channels", { headers: { authorization: auth, "x-forwarded-for": address } });
    for (let i = 0; i < 5; i++) expect((await channels(`PortOne ${wrongKey()}`)).status).toBe(401);
    const res = await channels(`PortOne ${wrongKey()}`);
    expectThrottled(res);
    expect(res.body).toEqual({
      code: "TOO_MANY_REQUESTS",
      params: { retry_after: expect.any(Number), message: expect.any(String) },
    });
    expect((await channels(`PortOne ${m.api_key}`)).status).toBe(200);
  });

  it("wrong refresh tokens are throttled per address", async () => {
    const address = newAddress();
    const regenerate = () =>
      callApi("POST", "/v2/token-regeneration", {
        body: { refresh_token: `rt_${newId()}` },
        headers: { "x-forwarded-for": address },
      });
    for (let i = 0; i < 5; i++) expect((await regenerate()).status).toBe(401);
    const res = await regenerate();
    expectThrottled(res);
    expect(res.body.code).toBe("TOO_MANY_REQUESTS");
  });
});

describe("dashboard sign-in throttling", () => {
  const callback = (email: string, address: string) =>
    new Request("http://localhost/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
      body: new URLSearchParams({ email, password: "wrong", csrfToken: "t", json: "true" }),
    });
  const refused = async () =>
    new Response(JSON.stringify({ url: "http://localhost/api/auth/error?error=CredentialsSignin" }), { status: 401 });
  const accepted = async () => new Response(JSON.stringify({ url: "http://localhost/dashboard" }), { status: 200 });

  it("counts wrong passwords per e-mail before next-auth runs; then 429 {url: …error=TooManyAttempts} with Retry-After", async () => {
    const email = `victim-${newId().slice(-6)}@example.com`;
    let reached = 0;
    const handle = () => {
      reached++;
      return refused();
    };
    for (let i = 0; i < 3; i++)
      expect((await withSignInThrottle(callback(email, newAddress()), handle)).status).toBe(401);
    const res = await withSignInThrottle(callback(email.toUpperCase(), newAddress()), handle);
    expectThrottled(res);
    expect(new URL((await res.json()).url).searchParams.get("error")).toBe("TooManyAttempts");
    expect(reached).toBe(3);
  });

  it("counts per address across e-mails, and forgives a successful sign-in", async () => {
    const address = newAddress();
    for (let i = 0; i < 4; i++) await withSignInThrottle(callback(`a${i}-${newId()}@example.com`, address), refused);
    expect((await withSignInThrottle(callback("owner@example.com", address), accepted)).status).toBe(200);
    expect((await withSignInThrottle(callback(`b-${newId()}@example.com`, address), refused)).status).toBe(401);
    expectThrottled(await withSignInThrottle(callback(`c-${newId()}@example.com`, address), refused));
  });

  it("passes every other next-auth request straight through", async () => {
    const res = await withSignInThrottle(new Request("http://localhost/api/auth/session"), accepted);
    expect(res.status).toBe(200);
  });
});

describe("OTP throttling", () => {
  async function sentVerification(m: Awaited<ReturnType<typeof newMerchant>>, phoneNumber: string) {
    const id = `iv-throttle-${newId()}`;
    const res = await m.api.post(`/identity-verifications/${id}/send`, {
      channelKey: m.channels.find((c) => c.pg_provider === "DANAL")!.key,
      customer: { name: "Kim", phoneNumber, identityNumber: "8703152" },
      operator: "SKT",
      method: "SMS",
    });
    expect(res.status).toBe(200);
    return id;
  }
  const phone = () => `010${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

  it("resends are capped per verification: the 3rd within the hour is 429 {type, message}", async () => {
    const m = await newMerchant();
    const id = await sentVerification(m, phone());
    expect((await m.api.post(`/identity-verifications/${id}/resend`)).status).toBe(200);
    expect((await m.api.post(`/identity-verifications/${id}/resend`)).status).toBe(200);
    const res = await m.api.post(`/identity-verifications/${id}/resend`);
    expectThrottled(res, 3600);
    expect(res.body).toEqual({ type: "TOO_MANY_REQUESTS", message: expect.any(String) });
  });

  it("resends are capped per phone number across verifications", async () => {
    const m = await newMerchant();
    const number = phone();
    const [a, b] = [await sentVerification(m, number), await sentVerification(m, number)];
    expect((await m.api.post(`/identity-verifications/${a}/resend`)).status).toBe(200);
    expect((await m.api.post(`/identity-verifications/${a}/resend`)).status).toBe(200);
    expect((await m.api.post(`/identity-verifications/${b}/resend`)).status).toBe(200);
    expectThrottled(await m.api.post(`/identity-verifications/${b}/resend`), 3600);
  });

  it("wrong codes are throttled per client address, across verifications", async () => {
    const m = await newMerchant();
    const address = newAddress();
    const confirm = (id: string) =>
      m.api.post(`/identity-verifications/${id}/confirm`, { otp: "000000" }, { "x-forwarded-for": address });
    for (let i = 0; i < 5; i++) {
      const res = await confirm(await sentVerification(m, phone()));
      expect(res.status).toBe(400);
    }
    const res = await confirm(await sentVerification(m, phone()));
    expectThrottled(res);
    expect(res.body.type).toBe("TOO_MANY_REQUESTS");
  });
});
