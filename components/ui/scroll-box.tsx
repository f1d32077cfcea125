import type { ReactNode } from "react";

/**
 * A table's own horizontal scroll on narrow screens: focusable and named so keyboard users can
 * scroll it, and `relative` so visually hidden text inside is clipped with the rest.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
