import { DAY } from "@/lib/time";
import { validateInput } from "@/lib/api/validate";
import { auditFilters, type AuditFilters } from "./schema";

/**
 * The audit page's query: the filter form sends whole days (`from_date`, `until_date`, UTC);
 * links carry epoch-ms `from` / `until`. Anything invalid is dropped rather than failing the page.
 */
export function auditFiltersFromQuery(params: Record<string, string | string[] | undefined>): AuditFilters {
  const one = (k: string) => (typeof params[k] === "string" && params[k] !== "" ? (params[k] as string) : undefined);
  const day = (k: string) => {
    const v = one(k);
    const ms = v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
    return Number.isFinite(ms) ? ms : undefined;
  };
  const untilDay = day("until_date");
  const raw = {
    actor: one("actor"),
    action: one("action"),
    target: one("target"),
    from: day("from_date") ?? one("from"),
    until: untilDay !== undefined ? untilDay + DAY : one("until"),
    before: one("before"),
  };
  const parsed = validateInput(auditFilters, raw);
  return parsed.ok ? parsed.data : {};
}

export function auditQueryString(f: AuditFilters, patch: Partial<AuditFilters> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...patch })) if (v !== undefined && v !== "") params.set(k, String(v));
  return params.toString();
}
