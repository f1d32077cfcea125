import Link from "next/link";
import type { GetStartedProgress, GetStartedStep } from "@/lib/get-started/progress";
import { getTranslator } from "@/lib/i18n/server";
import { DismissGetStarted } from "./dismiss-get-started";

const HREF: Record<GetStartedStep, string> = {
  channel: "/dashboard/channels",
  testPayment: "/dashboard/payments",
  webhook: "/dashboard/webhooks",
  teammate: "/dashboard/team",
};

/** The first-run checklist: four steps, each ticked from the store's data. */
export async function GetStartedCard({ progress }: { progress: GetStartedProgress }) {
  const { t, format } = await getTranslator();
  const done = progress.steps.filter((s) => s.done).length;
  return (
    <section
      aria-labelledby="get-started-title"
      data-testid="get-started"
      className="rounded-lg border border-blue-200 bg-blue-50 p-4 shadow-sm"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="get-started-title" className="text-base font-semibold">
          {t("getStarted.title")}
        </h2>
        <DismissGetStarted />
      </div>
      <p className="mb-3 text-sm text-slate-700">
        {t("getStarted.progress", { done: format.number(done), total: format.number(progress.steps.length) })}
      </p>
      <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-4">
        {progress.steps.map((s) => (
          <li
            key={s.key}
            data-testid={`get-started-${s.key}`}
            data-done={s.done ? "true" : "false"}
            className="rounded-md border border-slate-200 bg-white p-3 text-sm"
          >
            <p className="flex items-center gap-2 font-medium break-keep">
              <span
                aria-hidden="true"
                className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs ${s.done ? "bg-green-700 text-white" : "border border-slate-400"}`}
              >
                {s.done ? "✓" : ""}
              </span>
              {t(`getStarted.${s.key}.title`)}
              <span className="sr-only"> ({s.done ? t("getStarted.done") : t("getStarted.todo")})</span>
            </p>
            <p className="mt-1 text-slate-600 break-keep">{t(`getStarted.${s.key}.body`)}</p>
            {s.done ? null : (
              <Link className="mt-2 inline-block text-brand underline" href={HREF[s.key]}>
                {t(`getStarted.${s.key}.action`)}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
