import type { FieldError } from "react-hook-form";
import type { Locale } from "@/lib/i18n/dictionary";

type T = (key: string, vars?: Record<string, string | number>) => string;

/**
 * A field's error in the UI language. zod messages are English (they serve the API too), so the
 * form shows a per-field message when one exists, else "Required" for a missing value.
 */
export function fieldMessage(
  t: T,
  _locale: Locale,
  path: string,
  error: FieldError | undefined,
  value?: unknown,
): string | undefined {
  if (!error) return undefined;
  const leaf =
    path
      .split(".")
      .filter((p) => !/^\d+$/.test(p))
      .at(-1) ?? path;
  if (error.type === "duplicate") return t(`stores.err.${leaf}.duplicate`);
  if (value === "" || error.type === "invalid_type" || error.message === "Required") return t("form.required");
  const specific = `stores.err.${leaf}`;
  // A field with several rules may say which one failed (e.g. the check digit, a "custom" issue).
  const byRule = `${specific}.${error.type}`;
  if (t(byRule) !== byRule) return t(byRule);
  if (t(specific) !== specific) return t(specific);
  return error.type === "server" && error.message ? error.message : t("stores.err.invalid");
}

/** `2d 3h`, `4h 5m`, `7m`: how long something has been in its state. */
export function formatDuration(t: T, ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t("duration.lessThanMinute");
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return [t("duration.d", { n: d }), h ? t("duration.h", { n: h }) : ""].filter(Boolean).join(" ");
  if (h > 0) return [t("duration.h", { n: h }), m ? t("duration.m", { n: m }) : ""].filter(Boolean).join(" ");
  return t("duration.m", { n: m });
}
