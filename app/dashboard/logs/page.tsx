import { PageHeader } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { RequestTable } from "@/components/request-log/request-table";
import { listApiKeys } from "@/lib/auth/api-keys";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import { listRequestLog } from "@/lib/request-log/query";
import { requestLogSettings } from "@/lib/request-log/settings";
import { requestLogFiltersFromQuery, requestLogQueryString } from "@/lib/request-log/url-filters";
import { DAY } from "@/lib/time";

export const generateMetadata = () => pageTitle("nav.requestLog");

export default async function RequestLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requireDashboard();
  const filters = requestLogFiltersFromQuery(await searchParams);
  const [{ t }, page, keys] = await Promise.all([getTranslator(), listRequestLog(ctx, filters), listApiKeys(ctx.merchantId)]);
  const visibleKeys = keys.filter((k) => !ctx.storeLimited || k.store_id === ctx.storeId);
  const link = "inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-slate-100";
  const label = "block font-medium text-slate-700";
  return (
    <div className="space-y-4">
      <PageHeader title={filters.payment ? t("logs.payment", { id: filters.payment }) : t("logs.title")} />
      <p className="text-sm text-slate-600">{t("logs.intro", { days: Math.round(requestLogSettings().retentionMs / DAY) })}</p>
      <form method="get" className="grid items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm md:grid-cols-6" aria-label={t("logs.title")}>
        {filters.payment ? <input type="hidden" name="payment" value={filters.payment} /> : null}
        <label className="space-y-1">
          <span className={label}>{t("logs.status")}</span>
          <Select name="status_class" defaultValue={filters.status_class ? String(filters.status_class) : ""}>
            <option value="">{t("logs.anyStatus")}</option>
            {[2, 4, 5].map((c) => (
              <option key={c} value={c}>
                {t(`logs.status${c}`)}
              </option>
            ))}
          </Select>
        </label>
        <label className="space-y-1">
          <span className={label}>{t("logs.pathFilter")}</span>
          <Input name="path" defaultValue={filters.path ?? ""} placeholder="/v2/payments" />
        </label>
        <label className="space-y-1">
          <span className={label}>{t("logs.key")}</span>
          <Select name="key" defaultValue={filters.key ?? ""}>
            <option value="">{t("logs.anyKey")}</option>
            {visibleKeys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name} ({k.key_prefix}…)
              </option>
            ))}
          </Select>
        </label>
        <label className="space-y-1">
          <span className={label}>{t("audit.from")}</span>
          <Input type="date" name="from_date" />
        </label>
        <label className="space-y-1">
          <span className={label}>{t("audit.until")}</span>
          <Input type="date" name="until_date" />
        </label>
        <div className="flex gap-2">
          <Button type="submit">{t("audit.apply")}</Button>
          <a className="inline-flex items-center rounded-md px-3 py-1.5 text-slate-600 hover:bg-slate-100" href="?">
            {t("audit.clear")}
          </a>
        </div>
      </form>
      <RequestTable rows={page.rows} />
      <div className="flex justify-end gap-2">
        {filters.cursor ? (
          <a className={link} href={`?${requestLogQueryString(filters, { cursor: undefined })}`}>
            {t("audit.newest")}
          </a>
        ) : null}
        {page.next ? (
          <a className={link} href={`?${requestLogQueryString(filters, { cursor: page.next })}`}>
            {t("audit.older")}
          </a>
        ) : null}
      </div>
    </div>
  );
}
