import { describe, expect, it } from "vitest";
import { businessNumberCheckDigit, isValidBusinessNumber } from "./business-number";
import { createStoreFormInput, createStoreInput, updateStoreFormInput } from "./schema";
import { storeBody } from "@/lib/testing/stores";

describe("business registration number check digit", () => {
  it("accepts numbers whose tenth digit is the check digit, with or without dashes", () => {
    // 124-81-00998 is a published registration number; 123-45-67891 is the fixtures' number.
    for (const n of ["124-81-00998", "1248100998", "123-45-67891", "1234567891", "000-00-00000"])
      expect(isValidBusinessNumber(n), n).toBe(true);
  });

  it("refuses a wrong check digit, a wrong length, letters and misplaced dashes", () => {
    for (const n of ["123-45-67890", "1248100999", "124-81-0099", "12481009988", "124-81-0099A", "12-481-00998", ""])
      expect(isValidBusinessNumber(n), n).toBe(false);
  });

  it("adds the tens digit of d9 × 5 to the weighted sum", () => {
    // d9 = 9: weighted 165 + floor(45 / 10) = 169 → check 1 (without the extra term it would be 5).
    expect(businessNumberCheckDigit("123456789")).toBe(1);
    expect(businessNumberCheckDigit("124810099")).toBe(8);
  });

  it("is applied by the dashboard's store form schemas, naming the field; the API's schema keeps accepting it", () => {
    const body = storeBody();
    const license = body.business_license as Record<string, unknown>;
    const wrong = { ...body, business_license: { ...license, registration_number: "123-45-67890" } };
    expect(createStoreFormInput.safeParse(body).success).toBe(true);
    for (const schema of [createStoreFormInput, updateStoreFormInput]) {
      const bad = schema.safeParse(wrong);
      expect(bad.success).toBe(false);
      expect(bad.error?.issues).toEqual([
        expect.objectContaining({
          path: ["business_license", "registration_number"],
          message: "has a wrong check digit (not a valid business registration number)",
        }),
      ]);
    }
    expect(createStoreInput.safeParse(wrong).success).toBe(true);
  });
});
