import { describe, expect, it } from "vitest";
import { currencyExponent, formatMoney, parseMajorAmount } from "./money";

describe("money", () => {
  it("knows zero-decimal currencies", () => {
    expect(currencyExponent("KRW")).toBe(0);
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("USD")).toBe(2);
    expect(currencyExponent("KWD")).toBe(3);
  });

  it("formats minor units", () => {
    expect(formatMoney(15000, "KRW", "en-US")).toBe("₩15,000");
    expect(formatMoney(1050, "USD", "en-US")).toBe("$10.50");
    expect(formatMoney(1000, "JPY", "en-US")).toBe("¥1,000");
  });

  it("parses major amounts into minor units, refusing extra decimals", () => {
    expect(parseMajorAmount("10.50", "USD")).toBe(1050);
    expect(parseMajorAmount("15,000", "KRW")).toBe(15000);
    expect(parseMajorAmount("1.5", "KRW")).toBeNull();
  });
});
