import { notFound } from "next/navigation";
import { AuditFilters } from "@/components/audit/audit-filters";
import { AuditTable } from "@/components/audit/audit-table";
import { PageHeader } from "@/components/ui/card";
import { listAudit } from "@/lib/audit/list-audit";
import { listAuditActors } from "@/lib/audit/list-audit-actors";
import { auditFiltersFromQuery } from "@/lib/audit/url-filters";
import { filterQueryString } from "@/lib/dashboard/query-filters";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";

export const generateMetadata = () => pageTitle("nav.auditLog");

/** The merchant's audit log; a store-limited login does not see merchant-wide history. */
export default async function AuditLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await requireDashboard();
  if (ctx.storeLimited) notFound();
  const filters = auditFiltersFromQuery(await searchParams);
  const [{ t }, page, actors] = await Promise.all([
    getTranslator(),
    listAudit({ ctx, input: filters }),
    listAuditActors({ ctx }),
  ]);
  const link =
    "inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-slate-100";
  return (
    <div className="space-y-4">
      <PageHeader title={t("audit.title")}>
        <a
          className={link}
          href={`/dashboard/audit-log/export?${filterQueryString(filters, { before: undefined })}`}
          download
        >
          {t("audit.export")}
        </a>
      </PageHeader>
      <p className="text-sm text-slate-600">{t("audit.intro")}</p>
      <AuditFilters t={t} filters={filters} actors={actors} />
      <AuditTable entries={page.entries} />
      <div className="flex justify-end gap-2">
        {filters.before ? (
          <a className={link} href={`?${filterQueryString(filters, { before: undefined })}`}>
            {t("audit.newest")}
          </a>
        ) : null}
        {page.next ? (
          <a className={link} href={`?${filterQueryString(filters, { before: page.next })}`} data-testid="audit-older">
            {t("audit.older")}
          </a>
        ) : null}
      </div>
    </div>
  );
}
