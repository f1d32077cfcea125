"use client";

import Link from "next/link";
import { useFormat, useLocale, useT } from "@/components/i18n-provider";
import { Card } from "@/components/ui/card";
import type { TimelineEvent } from "@/lib/dashboard/timeline";
import { failureLabel } from "@/lib/i18n/labels";

const DOT: Record<TimelineEvent["tone"], string> = {
  neutral: "bg-slate-400",
  good: "bg-green-600",
  bad: "bg-red-600",
  warn: "bg-amber-500",
};

/** The payment's history as one list, newest first; each step links to its detail. */
export function Timeline({ events }: { events: TimelineEvent[] }) {
  const t = useT();
  const fmt = useFormat();
  const locale = useLocale();
  const text = (e: TimelineEvent) => {
    const v = e.vars;
    const money = typeof v.amount === "number" ? fmt.money(v.amount, String(v.currency)) : "";
    return t(`timeline.${e.kind}`, {
      ...v,
      amount: money,
      // Providers answer in English: a failure reads in the reader's language, the code stays as detail.
      ...(e.kind === "failed" ? { reason: failureLabel(t, locale, String(v.code ?? ""), String(v.reason ?? "")) } : {}),
      method: v.method ? t(`enum.method.${v.method}`) : "",
      ...(e.kind === "routed" || e.kind === "failedOver"
        ? {
            rule: v.rule ? t("timeline.byRule", { rule: String(v.rule) }) : t("timeline.byDefault"),
            cause: v.cause ? t(`routing.cause.${v.cause}`) : "",
          }
        : {}),
      bank: v.bank ? t(`enum.bank.${v.bank}`) : "",
      event: v.event ? t(`enum.webhookType.${v.event}`) : "",
      company: v.company ? t(`enum.escrowCompany.${v.company}`) : "",
      status:
        e.kind === "webhook"
          ? v.status === "SUCCEEDED"
            ? t("timeline.delivered")
            : t("timeline.notDelivered")
          : String(v.status ?? ""),
    });
  };
  return (
    <Card title={t("timeline.title")}>
      <ol className="relative space-y-3 border-l border-slate-200 pl-5" data-testid="timeline">
        {events.map((e) => (
          <li key={e.key} className="relative" data-kind={e.kind}>
            <span
              aria-hidden="true"
              className={`absolute top-1.5 -left-[1.6rem] h-2.5 w-2.5 rounded-full ring-4 ring-white ${DOT[e.tone]}`}
            />
            <p className="text-sm break-words">
              {e.href ? (
                e.external ? (
                  <a className="text-brand hover:underline" href={e.href} target="_blank" rel="noreferrer">
                    {text(e)}
                  </a>
                ) : (
                  <Link className="text-brand hover:underline" href={e.href}>
                    {text(e)}
                  </Link>
                )
              ) : (
                text(e)
              )}
            </p>
            <p className="text-xs text-slate-500">
              <time dateTime={e.at}>{fmt.dateTime(e.at)}</time>
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
