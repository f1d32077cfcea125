"use client";

import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormat, useT } from "@/components/i18n-provider";

/** Gross volume per hour (today) or day, against the previous period (dashed). Recharts, client only. */
export function VolumeChart({ series, currency, hourly }: { series: { at: number; current: number; previous: number }[]; currency: string; hourly: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const label = (at: number) => (hourly ? fmt.time(at) : fmt.day(at));
  const compact = new Intl.NumberFormat(fmt.locale === "ko" ? "ko-KR" : "en-US", { notation: "compact", maximumFractionDigits: 1 });
  return (
    <figure className="h-64 w-full" aria-label={t("overview.chart.label")}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="volume-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--color-brand)" stopOpacity={0.3} />
              <stop offset="100%" stopColor="var(--color-brand)" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-slate-200)" vertical={false} />
          <XAxis dataKey="at" tickFormatter={label} tick={{ fontSize: 11, fill: "var(--color-slate-500)" }} minTickGap={24} />
          <YAxis tickFormatter={(v: number) => compact.format(v)} tick={{ fontSize: 11, fill: "var(--color-slate-500)" }} width={48} />
          <Tooltip
            labelFormatter={(at) => (hourly ? fmt.dateTime(Number(at)) : fmt.date(Number(at)))}
            formatter={(value, name) => [fmt.money(Number(value), currency), name === "current" ? t("overview.chart.current") : t("overview.chart.previous")]}
            contentStyle={{ background: "var(--color-white)", borderColor: "var(--color-slate-200)", color: "var(--color-slate-900)" }}
          />
          <Line type="monotone" dataKey="previous" stroke="var(--color-slate-400)" strokeDasharray="4 4" dot={false} isAnimationActive={false} />
          <Area type="monotone" dataKey="current" stroke="var(--color-brand)" fill="url(#volume-fill)" strokeWidth={2} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
      <figcaption className="sr-only">{t("overview.chart.caption")}</figcaption>
    </figure>
  );
}
