import Link from "next/link";
import { NoHostingContract } from "@/components/stores/no-contract";
import { StoreVolumesTable } from "@/components/stores/store-volumes-table";
import { Card, PageHeader } from "@/components/ui/card";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import {
  listStoreVolumes,
  VOLUME_PERIODS,
  VOLUME_SORTS,
  type VolumePeriod,
  type VolumeSort,
} from "@/lib/stores/store-volumes";

export const generateMetadata = () => pageTitle("stores.volumes.title");

type Search = Record<string, string | string[] | undefined>;
const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** The hosting company's stores side by side for a period: volume, payments, approval, onboarding. */
export default async function StoreVolumesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await requireDashboard();
  if (!ctx.hasHostingContract) return <NoHostingContract />;
  const { t } = await getTranslator();
  const params = await searchParams;
  const state = {
    period: pick(params.period, Object.keys(VOLUME_PERIODS) as VolumePeriod[], "30d"),
    mode: pick(params.mode, ["LIVE", "TEST"] as const, "LIVE"),
    sort: pick(params.sort, VOLUME_SORTS, "volume" as VolumeSort),
    dir: pick(params.dir, ["asc", "desc"] as const, "desc"),
  };
  const href = (patch: Record<string, string>) =>
    `/dashboard/stores/volumes?${new URLSearchParams({ ...state, ...patch }).toString()}`;
  const rows = await listStoreVolumes({ ctx, input: { ...state, desc: state.dir === "desc" } });
  const toggle = (label: string, options: { value: string; text: string }[], key: "period" | "mode") => (
    <nav aria-label={label} className="flex overflow-hidden rounded-md border border-slate-300 bg-white text-sm">
      {options.map((o) => (
        <Link
          key={o.value}
          href={href({ [key]: o.value })}
          aria-current={state[key] === o.value ? "page" : undefined}
          className={`px-3 py-1.5 ${state[key] === o.value ? "bg-brand font-medium text-on-brand" : "hover:bg-slate-100"}`}
        >
          {o.text}
        </Link>
      ))}
    </nav>
  );
  return (
    <div className="space-y-4">
      <PageHeader title={t("stores.volumes.title")}>
        {toggle(
          t("stores.volumes.mode"),
          ["LIVE", "TEST"].map((m) => ({ value: m, text: t(`enum.channelType.${m}`) })),
          "mode",
        )}
        {toggle(
          t("stores.volumes.period"),
          Object.keys(VOLUME_PERIODS).map((p) => ({ value: p, text: t(`stores.volumes.period.${p}`) })),
          "period",
        )}
      </PageHeader>
      <Card>
        <StoreVolumesTable
          rows={rows}
          sort={state.sort}
          desc={state.dir === "desc"}
          href={href}
          currentStoreId={ctx.storeId}
        />
      </Card>
    </div>
  );
}
