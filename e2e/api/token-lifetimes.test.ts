import { afterEach, describe, expect, it, vi } from "vitest";
import { callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { DAY } from "@/lib/time";

/**
 * Spec Limits: access tokens are valid one day, refresh tokens one week (CONTRACT §2). Only the
 * clock is faked (Date); the tokens, their checks and the database are the real ones.
 */
const SECOND = 1000;

afterEach(() => {
  vi.useRealTimers();
});

function at(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"], now: ms });
}

describe("token lifetimes", () => {
  it("an access token works until 24 h after issue and is 401 UNAUTHORIZED after", async () => {
    const issued = Date.now();
    at(issued);
    const m = await newMerchant();
    at(issued + DAY - 5 * SECOND);
    expect((await callApi("GET", "/v2/channels", { token: m.accessToken })).status).toBe(200);
    at(issued + DAY + 5 * SECOND);
    const late = await callApi("GET", "/v2/channels", { token: m.accessToken });
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ code: "UNAUTHORIZED", params: expect.any(Object) });
  });

  it("a refresh token renews until 7 days after issue and is 401 after; the renewed access token lives 24 h from renewal", async () => {
    const issued = Date.now();
    at(issued);
    const m = await newMerchant();
    at(issued + 7 * DAY - 5 * SECOND);
    const renewed = await callApi("POST", "/v2/token-regeneration", { body: { refresh_token: m.refreshToken } });
    expect(renewed.status).toBe(200);
    at(issued + 7 * DAY + DAY - 10 * SECOND);
    expect((await callApi("GET", "/v2/channels", { token: renewed.body.access_token })).status).toBe(200);

    const other = await newMerchant();
    at(Date.now() + 7 * DAY + 5 * SECOND);
    const expired = await callApi("POST", "/v2/token-regeneration", { body: { refresh_token: other.refreshToken } });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({
      code: "UNAUTHORIZED",
      params: { message: expect.any(String) },
      message: expect.any(String),
    });
  });
});
