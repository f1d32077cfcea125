"use client";

import { useTheme } from "next-themes";
import { useEffect, useState } from "react";
import { useT } from "@/components/i18n-provider";
import { Select } from "@/components/ui/input";

/** System (default), light or dark; next-themes remembers the choice. */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const t = useT();
  const { theme, setTheme } = useTheme();
  // The stored theme is only known in the browser; render "system" until mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Select
      aria-label={t("shell.theme")}
      value={mounted ? (theme ?? "system") : "system"}
      onChange={(e) => setTheme(e.target.value)}
      className={`!w-auto ${className}`}
      data-testid="theme-select"
    >
      <option value="system">{t("shell.theme.system")}</option>
      <option value="light">{t("shell.theme.light")}</option>
      <option value="dark">{t("shell.theme.dark")}</option>
    </Select>
  );
}
