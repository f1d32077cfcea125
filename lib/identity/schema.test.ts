import { describe, expect, it } from "vitest";
import { dashboardSendInput, sendVerificationBody } from "./schema";

const base = { channelKey: "k", customer: { name: "A", phoneNumber: "01012345678" }, operator: "SKT" };

describe("send schemas", () => {
  it("require the resident number for SMS only", () => {
    expect(sendVerificationBody.safeParse({ ...base, method: "APP" }).success).toBe(true);
    const sms = sendVerificationBody.safeParse({ ...base, method: "SMS" });
    expect(sms.success).toBe(false);
    expect(sms.error?.issues[0]?.path).toEqual(["customer", "identityNumber"]);
  });

  it("the dashboard form's empty resident number means none", () => {
    expect(
      dashboardSendInput.safeParse({
        ...base,
        id: "x",
        method: "APP",
        customer: { ...base.customer, identityNumber: "" },
      }).success,
    ).toBe(true);
    expect(
      dashboardSendInput.safeParse({
        ...base,
        id: "x",
        method: "SMS",
        customer: { ...base.customer, identityNumber: "" },
      }).success,
    ).toBe(false);
  });
});
