import { describe, expect, it } from "vitest";
import { readResidentNumber } from "./resident-number";

describe("readResidentNumber", () => {
  it("reads birth date, sex and nationality from the 7th digit", () => {
    expect(readResidentNumber("9001011")).toEqual({
      birthDate: "1990-01-01",
      gender: "MALE",
      isForeigner: false,
      digit: "1",
    });
    expect(readResidentNumber("0502284")).toEqual({
      birthDate: "2005-02-28",
      gender: "FEMALE",
      isForeigner: false,
      digit: "4",
    });
    expect(readResidentNumber("8512315")?.isForeigner).toBe(true);
  });

  it("refuses impossible dates and malformed input", () => {
    expect(readResidentNumber("9002301")).toBeNull();
    expect(readResidentNumber("9901013")).toBeNull(); // 2099: not born yet
    expect(readResidentNumber("900101")).toBeNull();
    expect(readResidentNumber("90010a1")).toBeNull();
  });
});
