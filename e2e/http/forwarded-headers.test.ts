import { describe, expect, it } from "vitest";
import { callApi } from "@/lib/testing/api";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody, newPaymentId } from "@/lib/testing/payments";

/**
 * TRUST_PROXY over real HTTP: the HTTP pass's server runs without it, so a client's own
 * X-Forwarded-For / X-Real-IP must not become the client address (the throttle's key, the
 * payment's origin.ip_address). lib/security/forwarded.test.ts covers the trusted settings.
 */
describe("forwarded headers from an untrusted client", () => {
  it("are ignored: the payment's origin is the socket address, not the claimed one", async () => {
    expect(process.env.API_BASE_URL, "runs against a server (vitest.http.config.ts)").toBeTruthy();
    const m = await newMerchant();
    const id = newPaymentId();
    const headers = {
      authorization: `Bearer ${m.accessToken}`,
      "x-forwarded-for": "203.0.113.77",
      "x-real-ip": "203.0.113.78",
      forwarded: "for=203.0.113.79",
    };
    const paid = await callApi("POST", `/v2/payments/${id}/instant/pay`, { headers, body: cardPayBody(m) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const tx = (await m.api.get(`/v2/payments/${id}`)).body.payment.transactions[0];
    expect(tx.origin.ip_address).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  });
});
