import { FilterField, FilterForm } from "@/components/ui/filter-form";
import { Input, Select } from "@/components/ui/input";
import { AUDIT_ACTIONS } from "@/lib/audit/actions";
import type { AuditFilters as Filters } from "@/lib/audit/schema";

type T = (key: string, vars?: Record<string, string | number>) => string;

export function AuditFilters({
  t,
  filters,
  actors,
}: {
  t: T;
  filters: Filters;
  actors: { id: string; name: string }[];
}) {
  return (
    <FilterForm t={t} label={t("audit.title")} from={filters.from} until={filters.until}>
      <FilterField label={t("audit.actor")}>
        <Select name="actor" defaultValue={filters.actor ?? ""}>
          <option value="">{t("audit.anyActor")}</option>
          {actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label={t("audit.action")}>
        <Select name="action" defaultValue={filters.action ?? ""}>
          <option value="">{t("audit.anyAction")}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`enum.auditAction.${a}`)}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label={t("audit.targetFilter")}>
        <Input name="target" defaultValue={filters.target ?? ""} />
      </FilterField>
    </FilterForm>
  );
}
