import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** A titled list of records, one stacked row each (no table to scroll sideways on a phone). */
export function RecordList<R>({
  title,
  empty,
  rows,
  testId,
  row,
}: {
  title: string;
  empty: string;
  rows: R[];
  testId: string;
  row: (r: R) => { key: string; main: ReactNode; side: ReactNode; meta: ReactNode };
}) {
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid={testId}>
          {rows.map((r) => {
            const { key, main, side, meta } = row(r);
            return (
              <li key={key} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
                <span className="min-w-0 font-medium break-keep">{main}</span>
                <span className="tabular-nums">{side}</span>
                <span className="basis-full text-xs text-slate-500">{meta}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
