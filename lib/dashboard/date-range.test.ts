import { describe, expect, it } from "vitest";
import { presetRange } from "./date-range";

describe("date presets in the reader's zone", () => {
  it("yesterday is the whole previous day where the reader is (failed-payment triage)", () => {
    // 2026-11-27 00:30 in Seoul is still 11-26 in UTC.
    const now = Date.UTC(2026, 10, 26, 15, 30);
    expect(presetRange("yesterday", now, "Asia/Seoul")).toEqual({ from: "2026-11-26", to: "2026-11-26" });
    expect(presetRange("yesterday", now, "UTC")).toEqual({ from: "2026-11-25", to: "2026-11-25" });
    expect(presetRange("today", now, "Asia/Seoul")).toEqual({ from: "2026-11-27", to: "2026-11-27" });
  });

  it("yesterday across a daylight-saving change is still the calendar day before", () => {
    // 2026-11-02 in New York follows the 25-hour day of 11-01.
    const now = Date.UTC(2026, 10, 2, 5, 30);
    expect(presetRange("yesterday", now, "America/New_York")).toEqual({ from: "2026-11-01", to: "2026-11-01" });
  });
});
