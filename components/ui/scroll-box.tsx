import type { ReactNode } from "react";

/**
 * A table's own horizontal scroll on narrow screens: a named region, focusable so keyboard users
 * can scroll it, and `relative` so visually hidden text inside is clipped with the rest.
 */
export function ScrollBox({
  label,
  className = "relative overflow-x-auto",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1).
      tabIndex={0}
    >
      {children}
    </section>
  );
}
