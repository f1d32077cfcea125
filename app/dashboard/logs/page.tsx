import { PageHeader } from "@/components/ui/card";
import { FilterField, FilterForm } from "@/components/ui/filter-form";
import { Input, Select } from "@/components/ui/input";
import { RequestTable } from "@/components/request-log/request-table";
import { listCallerApiKeys } from "@/lib/auth/list-caller-api-keys";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import { listRequestLog } from "@/lib/request-log/list-request-log";
import { requestLogSettings } from "@/lib/request-log/settings";
import { filterQueryString } from "@/lib/dashboard/query-filters";
import { requestLogFiltersFromQuery } from "@/lib/request-log/url-filters";
import { DAY } from "@/lib/time";

export const generateMetadata = () => pageTitle("nav.requestLog");

export default async function RequestLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await requireDashboard();
  const filters = requestLogFiltersFromQuery(await searchParams);
  const [{ t }, page, keys] = await Promise.all([
    getTranslator(),
    listRequestLog({ ctx, input: filters }),
    listCallerApiKeys({ ctx }),
  ]);
  const link =
    "inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-slate-100";
  return (
    <div className="space-y-4">
      <PageHeader title={filters.payment ? t("logs.payment", { id: filters.payment }) : t("logs.title")} />
      <p className="text-sm text-slate-600">
        {t("logs.intro", { days: Math.round(requestLogSettings().retentionMs / DAY) })}
      </p>
      <FilterForm t={t} label={t("logs.title")} from={filters.from} until={filters.until}>
        {filters.payment ? <input type="hidden" name="payment" value={filters.payment} /> : null}
        <FilterField label={t("logs.status")}>
          <Select name="status_class" defaultValue={filters.status_class ? String(filters.status_class) : ""}>
            <option value="">{t("logs.anyStatus")}</option>
            {[2, 4, 5].map((c) => (
              <option key={c} value={c}>
                {t(`logs.status${c}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={t("logs.pathFilter")}>
          <Input name="path" defaultValue={filters.path ?? ""} placeholder="/v2/payments" />
        </FilterField>
        <FilterField label={t("logs.key")}>
          <Select name="key" defaultValue={filters.key ?? ""}>
            <option value="">{t("logs.anyKey")}</option>
            {keys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name} ({k.prefix}…)
              </option>
            ))}
          </Select>
        </FilterField>
      </FilterForm>
      <RequestTable rows={page.rows} />
      <div className="flex justify-end gap-2">
        {filters.cursor ? (
          <a className={link} href={`?${filterQueryString(filters, { cursor: undefined })}`}>
            {t("audit.newest")}
          </a>
        ) : null}
        {page.next ? (
          <a className={link} href={`?${filterQueryString(filters, { cursor: page.next })}`}>
            {t("audit.older")}
          </a>
        ) : null}
      </div>
    </div>
  );
}
