import { describe, expect, it } from "vitest";
import { HolidayTableMissingError, isBusinessDay, koreaDate, payoutDate } from "./business-days";

describe("payoutDate", () => {
  it("counts business days only, skipping a weekend", () => {
    // Friday 2026-11-27, D+1: Saturday and Sunday are skipped.
    expect(payoutDate("2026-11-27", 1)).toBe("2026-11-30");
    expect(payoutDate("2026-11-27", 2)).toBe("2026-12-01");
    // A sale on Saturday is paid as if from the weekend: D+1 is Monday.
    expect(payoutDate("2026-11-28", 1)).toBe("2026-11-30");
  });

  it("skips Korean public holidays and their substitute days", () => {
    // Chuseok 2026 is Thu 24 – Sat 26 September: a Wednesday sale at D+1 pays on Monday the 28th.
    expect(payoutDate("2026-09-23", 1)).toBe("2026-09-28");
    // Liberation Day 2026 falls on Saturday; Monday 17 August is its substitute.
    expect(payoutDate("2026-08-14", 1)).toBe("2026-08-18");
    // Seollal 2027 falls on a Sunday: Monday 8 and the substitute Tuesday 9 February are skipped.
    expect(payoutDate("2027-02-05", 1)).toBe("2027-02-10");
    // Across the year end: Christmas 2026 is Friday, 2027-01-01 is Friday.
    expect(payoutDate("2026-12-24", 1)).toBe("2026-12-28");
    expect(payoutDate("2026-12-31", 1)).toBe("2027-01-04");
  });

  it("pays D+0 the same day only on a business day", () => {
    expect(payoutDate("2026-11-26", 0)).toBe("2026-11-26");
    expect(payoutDate("2026-10-03", 0)).toBe("2026-10-06");
  });

  it("refuses a year without a holiday table instead of guessing", () => {
    expect(() => payoutDate("2027-12-31", 1)).toThrow(HolidayTableMissingError);
    expect(() => isBusinessDay("2024-05-01")).toThrow(HolidayTableMissingError);
  });
});

describe("koreaDate", () => {
  it("is the date in Korea (UTC+9)", () => {
    expect(koreaDate(Date.parse("2026-11-27T14:59:59.999Z"))).toBe("2026-11-27");
    expect(koreaDate(Date.parse("2026-11-27T15:00:00.000Z"))).toBe("2026-11-28");
  });
});
