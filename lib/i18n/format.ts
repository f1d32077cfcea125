import { formatMoney } from "@/lib/money";
import type { Locale } from "./dictionary";

/** Korean readers see Korean time (the zone Korean payments settle in); others their browser's zone. */
const KOREAN_TIME_ZONE = "Asia/Seoul";

function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function resolveTimeZone(locale: Locale, browserZone: string | undefined): string {
  if (locale === "ko") return KOREAN_TIME_ZONE;
  return isTimeZone(browserZone) ? browserZone : "UTC";
}

const intlLocale = (locale: Locale) => (locale === "ko" ? "ko-KR" : "en-US");

export type Formatter = ReturnType<typeof createFormatter>;

/** Dates, times and money for one reader: their language and time zone, fixed so server and browser agree. */
export function createFormatter(locale: Locale, timeZone: string) {
  const tag = intlLocale(locale);
  const dateTimeFormat = new Intl.DateTimeFormat(tag, {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const dateFormat = new Intl.DateTimeFormat(tag, { timeZone, year: "numeric", month: "short", day: "numeric" });
  const timeFormat = new Intl.DateTimeFormat(tag, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const dayFormat = new Intl.DateTimeFormat(tag, { timeZone, month: "short", day: "numeric" });
  const toDate = (v: string | number | Date) => (v instanceof Date ? v : new Date(v));
  const safe = (f: Intl.DateTimeFormat) => (v: string | number | Date | null | undefined) => {
    if (v === null || v === undefined || v === "") return "—";
    const d = toDate(v);
    return Number.isNaN(d.getTime()) ? "—" : f.format(d);
  };
  return {
    locale,
    timeZone,
    dateTime: safe(dateTimeFormat),
    date: safe(dateFormat),
    time: safe(timeFormat),
    day: safe(dayFormat),
    money: (amount: number, currency: string) => formatMoney(amount, currency, tag),
    number: (n: number) => new Intl.NumberFormat(tag).format(n),
    percent: (n: number) => new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 1 }).format(n),
  };
}
