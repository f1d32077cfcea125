import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { AUDIT_ACTIONS } from "@/lib/audit/actions";
import type { AuditFilters as Filters } from "@/lib/audit/schema";

type T = (key: string, vars?: Record<string, string | number>) => string;

const dateValue = (ms: number | undefined) => (ms ? new Date(ms).toISOString().slice(0, 10) : "");

/** A plain GET form: the filters are the page's URL, so a filtered log can be shared and reloaded. */
export function AuditFilters({ t, filters, actors }: { t: T; filters: Filters; actors: { id: string; name: string }[] }) {
  return (
    <form method="get" className="grid items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm md:grid-cols-6" aria-label={t("audit.title")}>
      <label className="space-y-1">
        <span className="block font-medium text-slate-700">{t("audit.actor")}</span>
        <Select name="actor" defaultValue={filters.actor ?? ""}>
          <option value="">{t("audit.anyActor")}</option>
          {actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
      </label>
      <label className="space-y-1">
        <span className="block font-medium text-slate-700">{t("audit.action")}</span>
        <Select name="action" defaultValue={filters.action ?? ""}>
          <option value="">{t("audit.anyAction")}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`enum.auditAction.${a}`)}
            </option>
          ))}
        </Select>
      </label>
      <label className="space-y-1">
        <span className="block font-medium text-slate-700">{t("audit.targetFilter")}</span>
        <Input name="target" defaultValue={filters.target ?? ""} />
      </label>
      <label className="space-y-1">
        <span className="block font-medium text-slate-700">{t("audit.from")}</span>
        <Input type="date" name="from_date" defaultValue={dateValue(filters.from)} />
      </label>
      <label className="space-y-1">
        <span className="block font-medium text-slate-700">{t("audit.until")}</span>
        <Input type="date" name="until_date" defaultValue={dateValue(filters.until ? filters.until - 1 : undefined)} />
      </label>
      <div className="flex gap-2">
        <Button type="submit">{t("audit.apply")}</Button>
        <a className="inline-flex items-center rounded-md px-3 py-1.5 text-slate-600 hover:bg-slate-100" href="?">
          {t("audit.clear")}
        </a>
      </div>
    </form>
  );
}
