import { validateInput } from "@/lib/schema/validate";
import { queryValue, timeRange } from "@/lib/dashboard/query-filters";
import { auditFilters, type AuditFilters } from "./schema";

/** The audit page's (and its export's) query; anything invalid is dropped rather than failing the page. */
export function auditFiltersFromQuery(params: Record<string, string | string[] | undefined>): AuditFilters {
  const raw = {
    actor: queryValue(params, "actor"),
    action: queryValue(params, "action"),
    target: queryValue(params, "target"),
    ...timeRange(params),
    before: queryValue(params, "before"),
  };
  const parsed = validateInput(auditFilters, raw);
  return parsed.ok ? parsed.data : {};
}
