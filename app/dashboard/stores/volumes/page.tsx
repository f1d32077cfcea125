import { NoHostingContract } from "@/components/stores/no-contract";
import { PeriodToggles } from "@/components/stores/period-toggles";
import { StoreVolumesTable } from "@/components/stores/store-volumes-table";
import { Card, PageHeader } from "@/components/ui/card";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import { listStoreVolumes } from "@/lib/stores/store-volumes";
import { parseStoreVolumesQuery } from "@/lib/stores/volumes-query";

export const generateMetadata = () => pageTitle("stores.volumes.title");

type Search = Record<string, string | string[] | undefined>;

/** The hosting company's stores side by side for a period: volume, payments, approval, refunds, onboarding. */
export default async function StoreVolumesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await requireDashboard();
  if (!ctx.hasHostingContract) return <NoHostingContract />;
  const { t } = await getTranslator();
  const state = parseStoreVolumesQuery(await searchParams);
  const query = (patch: Record<string, string>) => new URLSearchParams({ ...state, ...patch }).toString();
  const href = (patch: Record<string, string>) => `/dashboard/stores/volumes?${query(patch)}`;
  const rows = await listStoreVolumes({ ctx, input: { ...state, desc: state.dir === "desc" } });
  return (
    <div className="space-y-4">
      <PageHeader title={t("stores.volumes.title")}>
        <PeriodToggles state={state} href={href} />
        <a
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-slate-100"
          href={`/dashboard/stores/volumes/export?${query({})}`}
          download
        >
          {t("stores.volumes.csv")}
        </a>
      </PageHeader>
      <Card>
        <StoreVolumesTable
          rows={rows}
          sort={state.sort}
          desc={state.dir === "desc"}
          href={href}
          kpiHref={(storeId) => `/dashboard/stores/${encodeURIComponent(storeId)}/kpis?${query({})}`}
          currentStoreId={ctx.storeId}
        />
      </Card>
    </div>
  );
}
