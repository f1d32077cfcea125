import { MismatchTable, UnsettledTable } from "@/components/reconciliation/report-tables";
import { Alert, Card, PageHeader } from "@/components/ui/card";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import { countReport, storeReconciliation } from "@/lib/reconciliation/store-report";

export const generateMetadata = () => pageTitle("nav.reconciliation");

/** The reconciliation report of the current store and what needs an operator's attention. */
export default async function ReconciliationPage({ searchParams }: { searchParams: Promise<{ lookup?: string }> }) {
  const { lookup } = await searchParams;
  const ctx = await requireDashboard();
  const { t } = await getTranslator();
  const report = await storeReconciliation({ ctx });
  const attention = report.unsettled.filter((u) => u.needs_attention);
  const waiting = report.unsettled.filter((u) => !u.needs_attention);
  const canWrite = ctx.role !== "VIEWER";
  const counts = countReport(report);
  const stats = [
    { key: "reconciliation.checked", value: counts.checked },
    { key: "reconciliation.mismatches", value: counts.mismatches },
    { key: "reconciliation.unsettled", value: counts.unsettled },
    { key: "reconciliation.needsAttention", value: counts.needsAttention },
  ];
  return (
    <div className="space-y-4">
      <PageHeader title={t("reconciliation.title")} />
      <p className="text-sm text-slate-600">{t("reconciliation.intro")}</p>
      {lookup === "settled" || lookup === "waiting" ? (
        <Alert kind="info">
          {t(lookup === "settled" ? "reconciliation.settledNow" : "reconciliation.stillWaiting")}
        </Alert>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="reconciliation-summary">
        {stats.map((s) => (
          <div key={s.key} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-500">{t(s.key)}</dt>
            <dd className="text-lg font-semibold">{s.value}</dd>
          </div>
        ))}
      </dl>
      {report.mismatches.length === 0 && report.unsettled.length === 0 ? (
        <Alert kind="success">{t("reconciliation.allClear")}</Alert>
      ) : null}
      {attention.length > 0 ? (
        <Card title={t("reconciliation.needsAttention")}>
          <p className="mb-2 text-xs text-slate-500">{t("reconciliation.operatorHint")}</p>
          <UnsettledTable rows={attention} t={t} canWrite={canWrite} testId="attention-table" />
        </Card>
      ) : null}
      <Card title={t("reconciliation.mismatches")}>
        {report.mismatches.length > 0 ? (
          <MismatchTable rows={report.mismatches} t={t} />
        ) : (
          <p className="text-sm text-slate-500">{t("reconciliation.noMismatches")}</p>
        )}
      </Card>
      <Card title={t("reconciliation.unsettled")}>
        {waiting.length > 0 ? (
          <UnsettledTable rows={waiting} t={t} canWrite={canWrite} testId="unsettled-table" />
        ) : (
          <p className="text-sm text-slate-500">{t("reconciliation.noUnsettled")}</p>
        )}
      </Card>
    </div>
  );
}
