import { validateInput } from "@/lib/schema/validate";
import { queryValue, timeRange } from "@/lib/dashboard/query-filters";
import { requestLogFilters, type RequestLogFilters } from "./schema";

/** The request log page's query; anything invalid is dropped rather than failing the page. */
export function requestLogFiltersFromQuery(params: Record<string, string | string[] | undefined>): RequestLogFilters {
  const one = (k: string) => queryValue(params, k);
  const raw = {
    status_class: one("status_class"),
    path: one("path"),
    key: one("key"),
    payment: one("payment"),
    ...timeRange(params),
    cursor: one("cursor"),
  };
  const parsed = validateInput(requestLogFilters, raw);
  return parsed.ok ? parsed.data : {};
}
