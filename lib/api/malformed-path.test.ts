import { describe, expect, it } from "vitest";
import { familyOfPath, malformedPathAnswer } from "./malformed-path";

describe("paths Next cannot decode", () => {
  it("answer 400 INVALID_REQUEST in the API family's envelope", () => {
    const payment = malformedPathAnswer("/v2/payments/%ED%A0%80/cancel?x=1")!;
    expect(payment.status).toBe(400);
    expect(JSON.parse(payment.body)).toEqual({
      code: "INVALID_REQUEST",
      params: { field: "path", message: expect.any(String) },
    });
    expect(JSON.parse(malformedPathAnswer("/identity-verifications/%zz")!.body)).toEqual({
      type: "INVALID_REQUEST",
      message: expect.any(String),
    });
    expect(JSON.parse(malformedPathAnswer("/v2/stores/%E0%A4%A")!.body)).toMatchObject({
      code: "INVALID_REQUEST",
      message: expect.any(String),
    });
    expect(malformedPathAnswer("/dashboard/%ff")!.contentType).toContain("text/plain");
  });

  it("leave every decodable path to Next", () => {
    for (const url of ["/v2/payments/%ED%95%9C", "/v2/payments/a%2Fb?q=%ff", "/login"])
      expect(malformedPathAnswer(url)).toBeNull();
    expect([
      familyOfPath("/login/api-key"),
      familyOfPath("/v2/signin/api-key"),
      familyOfPath("/v2/billing-keys"),
      familyOfPath("/login"),
    ]).toEqual(["login", "platform", "payment", null]);
  });
});
