import Link from "next/link";
import { notFound } from "next/navigation";
import { storeHref } from "@/components/dashboard/store-href";
import { KpiCard } from "@/components/overview/kpi-card";
import { NoHostingContract } from "@/components/stores/no-contract";
import { PeriodToggles } from "@/components/stores/period-toggles";
import { PageHeader } from "@/components/ui/card";
import { requireDashboard } from "@/lib/dashboard/context";
import { asDomainError } from "@/lib/errors/domain-error";
import { getTranslator } from "@/lib/i18n/server";
import { safeTitle } from "@/lib/i18n/title";
import { getStoreKpis } from "@/lib/stores/store-volumes";
import { parseStoreVolumesQuery } from "@/lib/stores/volumes-query";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const { t } = await getTranslator();
  return { title: `${t("stores.kpis.title")} ${safeTitle((await params).id)}` };
}

const change = (now: number, before: number) => (before === 0 ? null : (now - before) / before);

/** One store's own figures for a period (and the change against the period before). */
export default async function StoreKpisPage({ params, searchParams }: Props) {
  const ctx = await requireDashboard();
  if (!ctx.hasHostingContract) return <NoHostingContract />;
  const { t, format: fmt } = await getTranslator();
  const storeId = decodeURIComponent((await params).id);
  const state = parseStoreVolumesQuery(await searchParams);
  const k = await getStoreKpis({ ctx, input: { storeId, period: state.period, mode: state.mode } }).catch(
    (e: unknown) => {
      if (asDomainError(e)?.code === "NOT_FOUND") notFound();
      throw e;
    },
  );
  const base = `/dashboard/stores/${encodeURIComponent(storeId)}/kpis`;
  const href = (patch: Record<string, string>) => `${base}?${new URLSearchParams({ ...state, ...patch }).toString()}`;
  const vs = t("stores.kpis.vsPrevious");
  const rate = (r: number | null) => (r === null ? "—" : fmt.percent(r));
  return (
    <div className="space-y-4">
      <PageHeader title={t("stores.kpis.heading", { name: k.name })}>
        <PeriodToggles state={state} href={href} />
      </PageHeader>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link className="text-brand hover:underline" href={`/dashboard/stores/volumes?${href({}).split("?")[1]}`}>
          {t("stores.kpis.back")}
        </Link>
        <Link className="text-brand hover:underline" href={storeHref(ctx.storeId, k.storeId, "/dashboard")}>
          {t("stores.volumes.openDashboard")}
        </Link>
        <span className="text-slate-600">
          {t("stores.volumes.onboarding")}:{" "}
          {k.onboarding ? t(`enum.applicationStatus.${k.onboarding}`) : t("stores.volumes.noApplication")}
        </span>
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="store-kpis">
        <KpiCard
          testId="store-kpi-volume"
          label={t("stores.volumes.volume")}
          value={fmt.money(k.volume, "KRW")}
          change={change(k.volume, k.previous.volume)}
          changeLabel={vs}
        />
        <KpiCard
          testId="store-kpi-count"
          label={t("stores.volumes.count")}
          value={fmt.number(k.count)}
          change={change(k.count, k.previous.count)}
          changeLabel={vs}
        />
        <KpiCard
          testId="store-kpi-approval"
          label={t("stores.volumes.approval")}
          value={rate(k.approvalRate)}
          change={
            k.approvalRate === null || k.previous.approvalRate === null
              ? null
              : k.approvalRate - k.previous.approvalRate
          }
          changeLabel={t("stores.kpis.vsPreviousPoints")}
        />
        <KpiCard
          testId="store-kpi-refunds"
          label={t("stores.kpis.refunds", { count: k.refundCount })}
          value={fmt.money(k.refunds, "KRW")}
          change={change(k.refunds, k.previous.refunds)}
          changeLabel={vs}
        />
      </div>
    </div>
  );
}
