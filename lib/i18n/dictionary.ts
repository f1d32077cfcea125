import { interpolate } from "./interpolate";
import { billing } from "./messages/billing";
import { common } from "./messages/common";
import { cashReceipts } from "./messages/cash-receipts";
import { developers } from "./messages/developers";
import { identity } from "./messages/identity";
import { stores } from "./messages/stores";
import { payments } from "./messages/payments";
import { reconciliation } from "./messages/reconciliation";
import { channels } from "./messages/channels";
import { webhooks } from "./messages/webhooks";
import { dashboard } from "./messages/dashboard";
import { enums } from "./messages/enums";
import { errors } from "./messages/errors";
import { fieldErrors } from "./messages/field-errors";
import { team } from "./messages/team";
import { customers } from "./messages/customers";
import { settlements } from "./messages/settlements";
import { routing } from "./messages/routing";

/** Every UI string, per locale. Each area adds its messages file here. */
const areas = [
  common,
  developers,
  stores,
  identity,
  cashReceipts,
  payments,
  billing,
  webhooks,
  dashboard,
  enums,
  errors,
  fieldErrors,
  reconciliation,
  channels,
  team,
  customers,
  settlements,
  routing,
];

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
  return interpolate(dictionaries[locale][key] ?? dictionaries.en[key] ?? key, vars, locale);
}

/** What the browser gets: the reader's language only (English under it for any key it lacks). */
const korean: Messages = { ...dictionaries.en, ...dictionaries.ko };
export function messagesFor(locale: Locale): Messages {
  return locale === "en" ? dictionaries.en : korean;
}
