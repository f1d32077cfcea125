import { validateInput } from "@/lib/api/validate";
import { DAY } from "@/lib/time";
import { requestLogFilters, type RequestLogFilters } from "./schema";

/** The log page's query (the GET form sends whole UTC days); anything invalid is dropped. */
export function requestLogFiltersFromQuery(params: Record<string, string | string[] | undefined>): RequestLogFilters {
  const one = (k: string) => (typeof params[k] === "string" && params[k] !== "" ? (params[k] as string) : undefined);
  const day = (k: string) => {
    const v = one(k);
    const ms = v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
    return Number.isFinite(ms) ? ms : undefined;
  };
  const untilDay = day("until_date");
  const raw = { status_class: one("status_class"), path: one("path"), key: one("key"), payment: one("payment"), from: day("from_date") ?? one("from"), until: untilDay !== undefined ? untilDay + DAY : one("until"), cursor: one("cursor") };
  const parsed = validateInput(requestLogFilters, raw);
  return parsed.ok ? parsed.data : {};
}

export function requestLogQueryString(f: RequestLogFilters, patch: Partial<RequestLogFilters> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...patch })) if (v !== undefined && v !== "") params.set(k, String(v));
  return params.toString();
}
