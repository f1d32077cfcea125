import { DAY } from "@/lib/time";

type Params = Record<string, string | string[] | undefined>;

/** A non-empty single value of a page's URL query. */
export function queryValue(params: Params, key: string): string | undefined {
  const v = params[key];
  return typeof v === "string" && v !== "" ? v : undefined;
}

function utcDay(params: Params, key: string): number | undefined {
  const v = queryValue(params, key);
  const ms = v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * The time range of a log page: the filter form sends whole UTC days (`from_date`, `until_date`,
 * inclusive), links carry epoch-ms `from` / `until` (exclusive).
 */
export function timeRange(params: Params): { from: string | number | undefined; until: string | number | undefined } {
  const untilDay = utcDay(params, "until_date");
  return {
    from: utcDay(params, "from_date") ?? queryValue(params, "from"),
    until: untilDay !== undefined ? untilDay + DAY : queryValue(params, "until"),
  };
}

/** The filters back as a URL query (for the pager's and the export's links). */
export function filterQueryString(filters: object, patch: object = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...patch }))
    if (v !== undefined && v !== "") params.set(k, String(v));
  return params.toString();
}
