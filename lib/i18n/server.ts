import { cookies, headers } from "next/headers";
import { DEFAULT_LOCALE, isLocale, translate, type Locale } from "./dictionary";

/** The locale cookie, else the browser's Accept-Language, else Korean. */
export async function getLocale(): Promise<Locale> {
  const fromCookie = (await cookies()).get("locale")?.value;
  if (isLocale(fromCookie)) return fromCookie;
  const accept = (await headers()).get("accept-language") ?? "";
  return accept.toLowerCase().startsWith("en") ? "en" : DEFAULT_LOCALE;
}

export async function getTranslator() {
  const locale = await getLocale();
  return { locale, t: (key: string, vars?: Record<string, string | number>) => translate(locale, key, vars) };
}
