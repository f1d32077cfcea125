import { billing } from "./messages/billing";
import { common } from "./messages/common";
import { cashReceipts } from "./messages/cash-receipts";
import { developers } from "./messages/developers";
import { identity } from "./messages/identity";
import { stores } from "./messages/stores";
import { payments } from "./messages/payments";
import { reconciliation } from "./messages/reconciliation";
import { webhooks } from "./messages/webhooks";

/** Every UI string, per locale. Each area adds its messages file here. */
const areas = [common, developers, stores, identity, cashReceipts, payments, billing, webhooks, reconciliation];

export const LOCALES = ["ko", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ko";

export type Messages = Record<string, string>;

export const dictionaries: Record<Locale, Messages> = {
  en: Object.assign({}, ...areas.map((a) => a.en)),
  ko: Object.assign({}, ...areas.map((a) => a.ko)),
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Looks a key up, falling back to English, then to the key itself; `{name}` placeholders are filled. */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const text = dictionaries[locale][key] ?? dictionaries.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}
