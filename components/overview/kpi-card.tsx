import type { ReactNode } from "react";

/** One headline number with its change against the previous period. */
export function KpiCard({
  label,
  value,
  change,
  changeLabel,
  testId,
}: {
  label: string;
  value: ReactNode;
  change: number | null;
  changeLabel: string;
  testId: string;
}) {
  const tone = change === null || change === 0 ? "text-slate-500" : change > 0 ? "text-green-800" : "text-red-700";
  const sign = change !== null && change > 0 ? "+" : "";
  return (
    <section
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid={testId}
      aria-label={label}
    >
      <h2 className="text-sm text-slate-500">{label}</h2>
      <p className="mt-1 truncate text-2xl font-semibold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className={`mt-1 text-xs ${tone}`}>
        {change === null ? "—" : `${sign}${(change * 100).toFixed(1)}%`}{" "}
        <span className="text-slate-500">{changeLabel}</span>
      </p>
    </section>
  );
}

/** A labelled share bar (method, provider, decline reason). */
export function ShareRow({ label, value, share }: { label: string; value: string; share: number }) {
  return (
    <li className="space-y-1 text-sm">
      <div className="flex justify-between gap-2">
        <span className="truncate">{label}</span>
        <span className="shrink-0 tabular-nums text-slate-600">{value}</span>
      </div>
      <div className="h-1.5 rounded bg-slate-100" aria-hidden="true">
        <div className="h-1.5 rounded bg-brand" style={{ width: `${Math.max(2, Math.round(share * 100))}%` }} />
      </div>
    </li>
  );
}
