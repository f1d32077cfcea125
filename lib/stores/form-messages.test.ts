import { describe, expect, it } from "vitest";
import { translate, type Locale } from "@/lib/i18n/dictionary";
import { fieldMessage, formatDuration } from "./form-messages";

const tr = (locale: Locale) => (key: string, vars?: Record<string, string | number>) => translate(locale, key, vars);

describe("form field messages", () => {
  it("says Required for an empty value and the field's own rule otherwise, in Korean and English", () => {
    for (const locale of ["en", "ko"] as const) {
      const t = tr(locale);
      expect(fieldMessage(t, locale, "tier_code", { type: "invalid_format", message: "x" }, "")).toBe(
        t("form.required"),
      );
      expect(fieldMessage(t, locale, "tier_code", { type: "invalid_format", message: "x" }, "AB")).toBe(
        t("stores.err.tier_code"),
      );
      expect(fieldMessage(t, locale, "representative.birth_date", { type: "custom", message: "x" }, "1980/01/01")).toBe(
        t("stores.err.birth_date"),
      );
      expect(fieldMessage(t, locale, "tier_code", { type: "duplicate", message: "x" }, "ABC")).toBe(
        t("stores.err.tier_code.duplicate"),
      );
      expect(fieldMessage(t, locale, "business_license.business_types", { type: "too_small", message: "x" }, [])).toBe(
        t("stores.err.business_types"),
      );
      expect(fieldMessage(t, locale, "business_license.company_name", { type: "too_big", message: "x" }, "long")).toBe(
        t("stores.err.invalid"),
      );
    }
    expect(fieldMessage(tr("ko"), "ko", "tier_code", { type: "invalid_format", message: "x" }, "AB")).toBe(
      "영문 또는 숫자 3자를 입력하세요",
    );
    expect(fieldMessage(tr("en"), "en", "name", undefined, "")).toBeUndefined();
  });

  it("tells a wrong check digit apart from a malformed business registration number", () => {
    const path = "business_license.registration_number";
    for (const locale of ["en", "ko"] as const) {
      const t = tr(locale);
      expect(fieldMessage(t, locale, path, { type: "custom", message: "x" }, "123-45-67890")).toBe(
        t("stores.err.registration_number.custom"),
      );
      expect(fieldMessage(t, locale, path, { type: "invalid_format", message: "x" }, "123")).toBe(
        t("stores.err.registration_number"),
      );
    }
    expect(fieldMessage(tr("ko"), "ko", path, { type: "custom", message: "x" }, "123-45-67890")).toContain(
      "유효하지 않은 사업자등록번호",
    );
  });

  it("formats time in status", () => {
    const t = tr("en");
    expect(formatDuration(t, 30_000)).toBe("less than a minute");
    expect(formatDuration(t, 5 * 60_000)).toBe("5m");
    expect(formatDuration(t, (2 * 60 + 5) * 60_000)).toBe("2h 5m");
    expect(formatDuration(t, (3 * 24 * 60 + 60) * 60_000)).toBe("3d 1h");
    expect(formatDuration(tr("ko"), 3 * 24 * 60 * 60_000)).toBe("3일");
  });
});
