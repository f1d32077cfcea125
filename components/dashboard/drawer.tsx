"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Nav } from "./nav";

/** The phone menu: the pages, then the store, language, theme and sign-out controls. */
export function Drawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl lg:hidden"
          // Opened from a button outside Radix's Trigger: give focus back to it on close.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            document.querySelector<HTMLElement>('[data-testid="open-menu"]')?.focus();
          }}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-sm font-semibold text-brand">{t("app.name")}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" aria-label={t("shell.closeMenu")}>
                ✕
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("shell.menuDescription")}</Dialog.Description>
          <Nav onNavigate={() => onOpenChange(false)} />
          {children ? <div className="space-y-3 border-t border-slate-200 pt-4">{children}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
