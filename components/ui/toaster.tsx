"use client";

import { useTheme } from "next-themes";
import { Toaster } from "sonner";
import { useT } from "@/components/i18n-provider";

/** Every action ends with a toast (sonner): announced politely to screen readers, closable. */
export function AppToaster() {
  const { resolvedTheme } = useTheme();
  const t = useT();
  return (
    <Toaster
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      position="top-center"
      closeButton
      containerAriaLabel={t("toast.region")}
      toastOptions={{ duration: 6000 }}
    />
  );
}
