import { IntlMessageFormat } from "intl-messageformat";

const ICU = /\{\s*\w+\s*,\s*(plural|select|selectordinal)\s*,/;
const compiled = new Map<string, IntlMessageFormat>();

/**
 * Fills `{name}` placeholders; a missing value stays visible as `{name}`. A message with ICU
 * `plural`/`select` arguments ("{n, plural, one {# failure} other {# failures}}") is formatted by
 * intl-messageformat with the reader's plural rules. Client-safe (no dictionary).
 */
export function interpolate(text: string, vars: Record<string, string | number> = {}, locale = "en"): string {
  if (ICU.test(text)) {
    const key = `${locale}\u0000${text}`;
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(text, locale === "ko" ? "ko-KR" : "en-US", undefined, { ignoreTag: true });
      compiled.set(key, format);
    }
    return String(format.format(vars));
  }
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}
