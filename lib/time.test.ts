import { describe, expect, it } from "vitest";
import { DAY, toRfc3339 } from "./time";

/** What the wire showed before toRfc3339 formatted by arithmetic: Date's own ISO form. */
const byDate = (ms: number) => new Date(ms).toISOString();

describe("toRfc3339", () => {
  it("formats exactly as Date's toISOString at the edges of days, months, years and leap days", () => {
    const edges = [
      0,
      1,
      999,
      DAY - 1,
      Date.UTC(2000, 1, 28, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29),
      Date.UTC(2000, 2, 1),
      Date.UTC(2100, 1, 28, 12),
      Date.UTC(2100, 2, 1),
      Date.UTC(2024, 1, 29, 8, 30),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2027, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    for (const ms of edges) expect(toRfc3339(ms)).toBe(byDate(ms));
  });

  it("formats exactly as Date's toISOString for 50,000 instants from 1970 to 9999", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 50_000; i++) {
      const ms = Math.floor(random() * 253_402_300_800_000);
      expect(toRfc3339(ms)).toBe(byDate(ms));
    }
  });

  it("leaves what it does not format by arithmetic to Date, as before", () => {
    for (const ms of [-1, -86_400_001, 253_402_300_800_000, 8.64e15, 1.5]) expect(toRfc3339(ms)).toBe(byDate(ms));
    expect(() => toRfc3339(Number.NaN)).toThrow(RangeError);
    expect(toRfc3339(null)).toBeUndefined();
    expect(toRfc3339(undefined)).toBeUndefined();
  });
});
