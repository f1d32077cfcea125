"use client";

import { useTheme } from "next-themes";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { useFormat, useT } from "@/components/i18n-provider";

type Point = { at: number; current: number; previous: number };

const cssColor = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#2563eb";

/**
 * Gross volume per hour (today) or day against the previous period (dashed): uPlot, a small canvas
 * chart library (Recharts added ~110 KB gzip to the page). The same numbers are in a table for
 * screen readers.
 */
export function VolumeChart({ series, currency, hourly }: { series: Point[]; currency: string; hourly: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const { resolvedTheme } = useTheme();
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change redraws the chart, whose colours are read from CSS.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const label = (at: number) => (hourly ? fmt.time(at) : fmt.day(at));
    const compact = new Intl.NumberFormat(fmt.locale === "ko" ? "ko-KR" : "en-US", {
      notation: "compact",
      maximumFractionDigits: 1,
    });
    const axis = {
      stroke: cssColor("--color-slate-500"),
      grid: { stroke: cssColor("--color-slate-200"), width: 1 },
      ticks: { stroke: cssColor("--color-slate-200") },
      font: "11px system-ui, sans-serif",
    };
    const brand = cssColor("--color-brand");
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height: 240,
        legend: { show: false },
        cursor: { y: false },
        scales: { x: { time: false } },
        axes: [
          // Ticks on the buckets themselves (the reader's midnights or hours), thinned to fit.
          {
            ...axis,
            values: (_u, ticks) => ticks.map((v) => label(v)),
            splits: (u) => {
              const step = Math.max(1, Math.ceil(series.length / Math.max(2, Math.floor(u.width / 80))));
              return series.map((p) => p.at).filter((_, i) => i % step === 0);
            },
          },
          { ...axis, values: (_u, ticks) => ticks.map((v) => compact.format(v)), size: 52 },
        ],
        series: [
          {},
          {
            label: t("overview.chart.current"),
            stroke: brand,
            width: 2,
            fill: `color-mix(in oklab, ${brand} 18%, transparent)`,
            points: { show: false },
          },
          {
            label: t("overview.chart.previous"),
            stroke: cssColor("--color-slate-400"),
            width: 1.5,
            dash: [4, 4],
            points: { show: false },
          },
        ],
      },
      [series.map((p) => p.at), series.map((p) => p.current), series.map((p) => p.previous)],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 240 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, hourly, fmt, t, resolvedTheme]);
  return (
    <figure className="relative w-full" aria-label={t("overview.chart.label")}>
      <div ref={box} className="h-60 w-full" aria-hidden="true" data-testid="volume-chart" />
      <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-slate-600">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-brand align-middle" />
          {t("overview.chart.current")}
        </span>
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block w-4 border-t border-dashed border-slate-400 align-middle"
          />
          {t("overview.chart.previous")}
        </span>
      </figcaption>
      {/* sr-only on a wrapper: a table ignores width: 1px and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{t("overview.chart.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{hourly ? t("overview.chart.hour") : t("overview.chart.day")}</th>
              <th scope="col">{t("overview.chart.current")}</th>
              <th scope="col">{t("overview.chart.previous")}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.at}>
                <th scope="row">{hourly ? fmt.time(p.at) : fmt.date(p.at)}</th>
                <td>{fmt.money(p.current, currency)}</td>
                <td>{fmt.money(p.previous, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
