import type { ReactNode } from "react";
import { Button } from "./button";
import { Input } from "./input";

type T = (key: string, vars?: Record<string, string | number>) => string;

const day = (ms: number | undefined) => (ms ? new Date(ms).toISOString().slice(0, 10) : "");

/**
 * A log page's filter bar: a plain GET form, so the filters are the URL (shared, reloaded), with
 * the page's own fields, a from/until day range and Apply / Clear.
 */
export function FilterForm({
  t,
  label,
  from,
  until,
  children,
}: {
  t: T;
  label: string;
  from?: number;
  until?: number;
  children: ReactNode;
}) {
  const caption = "block font-medium text-slate-700";
  return (
    <form
      method="get"
      className="grid items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm md:grid-cols-6"
      aria-label={label}
    >
      {children}
      <label className="space-y-1">
        <span className={caption}>{t("audit.from")}</span>
        <Input type="date" name="from_date" defaultValue={day(from)} />
      </label>
      <label className="space-y-1">
        <span className={caption}>{t("audit.until")}</span>
        <Input type="date" name="until_date" defaultValue={day(until ? until - 1 : undefined)} />
      </label>
      <div className="flex gap-2">
        <Button type="submit">{t("audit.apply")}</Button>
        <a className="inline-flex items-center rounded-md px-3 py-1.5 text-slate-600 hover:bg-slate-100" href="?">
          {t("audit.clear")}
        </a>
      </div>
    </form>
  );
}

/** A labelled control inside a FilterForm. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: `children` is the control (every caller passes an Input or a Select).
    <label className="space-y-1">
      <span className="block font-medium text-slate-700">{label}</span>
      {children}
    </label>
  );
}
