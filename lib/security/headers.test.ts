import { afterEach, describe, expect, it } from "vitest";
import { callApi } from "@/lib/testing/api";
import { apiSecurityHeaders, pageCsp } from "./headers";

const saved = { publicUrl: process.env.PUBLIC_URL, nextAuthUrl: process.env.NEXTAUTH_URL };
afterEach(() => {
  process.env.PUBLIC_URL = saved.publicUrl;
  process.env.NEXTAUTH_URL = saved.nextAuthUrl;
  if (saved.publicUrl === undefined) delete process.env.PUBLIC_URL;
  if (saved.nextAuthUrl === undefined) delete process.env.NEXTAUTH_URL;
});

describe("security headers", () => {
  it("send HSTS and upgrade-insecure-requests only when the public URL is https", () => {
    process.env.PUBLIC_URL = "http://localhost:3000";
    expect(apiSecurityHeaders()["Strict-Transport-Security"]).toBeUndefined();
    expect(pageCsp("n")).not.toContain("upgrade-insecure-requests");
    process.env.PUBLIC_URL = "https://pay.example.com";
    expect(apiSecurityHeaders()["Strict-Transport-Security"]).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(pageCsp("n")).toContain("upgrade-insecure-requests");
  });

  it("pages allow scripts only with the nonce and are never framed", () => {
    const csp = pageCsp("abc");
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it("every API answer, error or not, carries nosniff, a no-load CSP and no-framing", async () => {
    for (const res of [
      await callApi("GET", "/openapi.json"),
      await callApi("POST", "/login/api-key", { body: {} }),
      await callApi("GET", "/v2/no-such-route"),
    ]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });
});
