"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Nav } from "./nav";

/** Below 1024 px the sidebar becomes a drawer (Radix Dialog: focus trapped, Esc closes). */
export function MobileNav({ children }: { children?: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="lg:hidden" aria-label={t("shell.openMenu")}>
          <span aria-hidden="true">☰</span>
          <span className="sr-only sm:not-sr-only">{t("shell.menu")}</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl lg:hidden">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-sm font-semibold text-brand">{t("app.name")}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" aria-label={t("shell.closeMenu")}>
                ✕
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("shell.menuDescription")}</Dialog.Description>
          <Nav onNavigate={() => setOpen(false)} />
          {children ? <div className="space-y-3 border-t border-slate-200 pt-4">{children}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
