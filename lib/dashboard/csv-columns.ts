import type { CsvColumn } from "@/lib/payments/read/export-payments-csv";
import { COLUMNS } from "@/lib/payments/read/export-payments-csv";
import { currencyExponent } from "@/lib/money";
import { translate, type Locale } from "@/lib/i18n/dictionary";
import { failureLabel } from "@/lib/i18n/labels";
import { dateInZone } from "./date-range";
import { zoneOffsetMs } from "./periods";

/** `2026-11-22 14:03:05 +09:00`: a spreadsheet-friendly time in the reader's zone, with the offset. */
export function csvTime(at: number | null, timeZone: string): string {
  if (at === null) return "";
  const offset = zoneOffsetMs(at, timeZone);
  const local = new Date(at + offset).toISOString();
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset) / 60_000;
  return `${dateInZone(at, timeZone)} ${local.slice(11, 19)} ${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

const LABELLED: Record<string, string> = {
  status: "enum.paymentStatus",
  method: "enum.method",
  pg_provider: "enum.pgProvider",
  channel_type: "enum.channelType",
};
const AMOUNTS = new Set(["total_amount", "tax_free_amount", "paid_amount", "cancelled_amount"]);

/**
 * The dashboard export in the reader's language: headers and enum values translated, times in
 * their zone, amounts in major units (₩15000, $10.50) — the API's machine names stay in `COLUMNS`.
 */
export function localizedCsvColumns(locale: Locale, timeZone: string): CsvColumn[] {
  const t = (key: string, vars?: Record<string, string | number>) => translate(locale, key, vars);
  return COLUMNS.map(([name, pick]): CsvColumn => {
    const header = translate(locale, `csv.${name}`);
    if (name in LABELLED)
      return [
        header,
        (row) => {
          const v = pick(row);
          return v === null || v === undefined ? "" : translate(locale, `${LABELLED[name]}.${v}`);
        },
      ];
    if (name === "failure_reason")
      // Providers answer in English: the reason in the reader's language (the provider's code is in the API export).
      return [
        header,
        (row) =>
          row.failure_pg_code || row.failure_reason
            ? failureLabel(t, locale, row.failure_pg_code, row.failure_reason)
            : "",
      ];
    if (AMOUNTS.has(name))
      return [
        header,
        (row) => {
          const v = Number(pick(row) ?? 0);
          const e = currencyExponent(row.currency);
          return e === 0 ? v : (v / 10 ** e).toFixed(e);
        },
      ];
    if (name.endsWith("_at"))
      return [header, (row) => csvTime((row as unknown as Record<string, number | null>)[name] ?? null, timeZone)];
    return [header, pick];
  });
}
