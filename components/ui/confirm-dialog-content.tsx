"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import { useT } from "@/components/i18n-provider";
import { Button } from "./button";

/** What a confirmation states and does; ConfirmDialog takes the same, plus its trigger. */
export type ConfirmDialogContentProps = {
  returnFocus?: HTMLElement | null;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  danger?: boolean;
  pending?: boolean;
};

/** The dialog of ConfirmDialog (Radix AlertDialog), loaded when first needed. */
export function ConfirmDialogContent({
  returnFocus,
  title,
  body,
  confirmLabel,
  onConfirm,
  open,
  onOpenChange,
  danger = true,
  pending = false,
}: ConfirmDialogContentProps) {
  const t = useT();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content
          onCloseAutoFocus={(e) => {
            if (!returnFocus) return;
            e.preventDefault();
            returnFocus.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 space-y-3 rounded-lg bg-white p-5 shadow-xl"
        >
          <AlertDialog.Title className="text-base font-semibold break-words">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="space-y-2 text-sm text-slate-700">{body}</div>
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2 pt-1">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t("dialog.keep")}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={danger ? "danger" : "primary"} disabled={pending} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
