import Link from "next/link";
import { getTranslator } from "@/lib/i18n/server";
import { VOLUME_PERIODS, type StoreVolumesQuery } from "@/lib/stores/volumes-query";

/** The live/test and period switches of the store figures pages; each choice is a link (state in the URL). */
export async function PeriodToggles({
  state,
  href,
}: {
  state: StoreVolumesQuery;
  href: (patch: Record<string, string>) => string;
}) {
  const { t } = await getTranslator();
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
    <>
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
    </>
  );
}
