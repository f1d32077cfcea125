import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { DEFAULT_LOCALE, isLocale, translate, type Locale } from "./dictionary";
import { createFormatter, resolveTimeZone } from "./format";

const TIME_ZONE_COOKIE = "tz";

/** The locale cookie, else the browser's Accept-Language (first language it prefers), else Korean. */
export async function getLocale(): Promise<Locale> {
  const fromCookie = (await cookies()).get("locale")?.value;
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage((await headers()).get("accept-language"));
}

export function localeFromAcceptLanguage(header: string | null): Locale {
  const ranked = (header ?? "")
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? 1);
      return { lang: tag.split("-")[0], q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const first = ranked.find((e) => isLocale(e.lang));
  return first && isLocale(first.lang) ? first.lang : DEFAULT_LOCALE;
}

export async function getTimeZone(locale: Locale): Promise<string> {
  return resolveTimeZone(locale, (await cookies()).get(TIME_ZONE_COOKIE)?.value);
}

export async function getTranslator() {
  const locale = await getLocale();
  const timeZone = await getTimeZone(locale);
  return {
    locale,
    timeZone,
    format: createFormatter(locale, timeZone),
    t: (key: string, vars?: Record<string, string | number>) => translate(locale, key, vars),
  };
}

/** A page's <title>: its own name, then the product's (the root layout's template adds it). */
export async function pageTitle(key: string): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t(key) };
}
