import Link from "next/link";
import type { StoreVolume, VolumeSort } from "@/lib/stores/store-volumes";
import { getTranslator } from "@/lib/i18n/server";
import { storeHref } from "@/components/dashboard/store-href";

const COLUMNS: { key: VolumeSort | "onboarding"; label: string; numeric?: boolean }[] = [
  { key: "name", label: "stores.volumes.name" },
  { key: "volume", label: "stores.volumes.volume", numeric: true },
  { key: "count", label: "stores.volumes.count", numeric: true },
  { key: "approval", label: "stores.volumes.approval", numeric: true },
  { key: "refunds", label: "stores.volumes.refunds", numeric: true },
  { key: "onboarding", label: "stores.volumes.onboarding" },
];

const HIDDEN_ON_PHONE = new Set(["refunds", "onboarding"]);

/** The sub-stores side by side; each sortable header is a link (the sort lives in the URL). */
export async function StoreVolumesTable({
  rows,
  sort,
  desc,
  href,
  kpiHref,
  currentStoreId,
}: {
  rows: StoreVolume[];
  sort: VolumeSort;
  desc: boolean;
  href: (patch: Record<string, string>) => string;
  kpiHref: (storeId: string) => string;
  currentStoreId: string;
}) {
  const { t, format: fmt } = await getTranslator();
  const onboarding = (r: StoreVolume) =>
    r.onboarding ? t(`enum.applicationStatus.${r.onboarding}`) : t("stores.volumes.noApplication");
  return (
    <table className="w-full text-sm" data-testid="store-volumes">
      <thead>
        <tr className="text-left text-slate-500">
          {COLUMNS.map((c) => {
            const active = c.key === sort;
            const label = t(c.label);
            return (
              <th
                key={c.key}
                scope="col"
                aria-sort={active ? (desc ? "descending" : "ascending") : undefined}
                className={`py-2 pr-3 font-medium ${c.numeric ? "text-right" : ""} ${HIDDEN_ON_PHONE.has(c.key) ? "max-sm:hidden" : ""}`}
              >
                {c.key === "onboarding" ? (
                  label
                ) : (
                  <Link
                    className="hover:underline"
                    href={href({ sort: c.key, dir: active && desc ? "asc" : "desc" })}
                    aria-label={t("stores.volumes.sortBy", { column: label })}
                  >
                    {label}
                    {active ? (desc ? " ↓" : " ↑") : ""}
                  </Link>
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.storeId} className="border-t border-slate-100" data-testid="store-volume-row">
            <td className="py-2 pr-3 break-keep">
              <Link className="text-brand hover:underline" href={kpiHref(r.storeId)}>
                {r.name}
              </Link>
              <Link
                className="ml-2 text-xs text-slate-600 hover:underline"
                href={storeHref(currentStoreId, r.storeId, "/dashboard")}
                aria-label={t("stores.volumes.openDashboardOf", { name: r.name })}
              >
                {t("stores.volumes.openDashboard")}
              </Link>
              <span className="block text-xs text-slate-500 sm:hidden">{onboarding(r)}</span>
            </td>
            <td className="py-2 pr-3 text-right tabular-nums">{fmt.money(r.volume, "KRW")}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{fmt.number(r.count)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">
              {r.approvalRate === null ? "—" : fmt.percent(r.approvalRate)}
            </td>
            <td className="py-2 pr-3 text-right tabular-nums max-sm:hidden">{fmt.money(r.refunds, "KRW")}</td>
            <td className="py-2 max-sm:hidden">{onboarding(r)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
