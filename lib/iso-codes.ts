import { codes as iso4217Codes } from "currency-codes";
import { iso31661 } from "iso-3166";

/**
 * The spec's Currency and Country enumerations, from maintained ISO data packages rather than a
 * hand-kept list: `currency-codes` (ISO 4217 list one) and `iso-3166` (ISO 3166-1 alpha-2).
 * Currency keeps the spec's order: KRW, USD, EUR, JPY, CNY, VND, THB, SGD, AUD, HKD, then the rest
 * alphabetically.
 */
const LEADING_CURRENCIES = ["KRW", "USD", "EUR", "JPY", "CNY", "VND", "THB", "SGD", "AUD", "HKD"];

export const CURRENCIES = [
  ...LEADING_CURRENCIES,
  ...iso4217Codes()
    .filter((c) => !LEADING_CURRENCIES.includes(c))
    .sort(),
] as [string, ...string[]];

export const COUNTRIES = iso31661.map((c) => c.alpha2).sort() as [string, ...string[]];
