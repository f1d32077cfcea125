"use client";

import dynamic from "next/dynamic";
import { useRef, useState, type ReactNode } from "react";
import type { ConfirmDialogContentProps } from "./confirm-dialog-content";

const ConfirmDialogContent = dynamic(() => import("./confirm-dialog-content").then((m) => m.ConfirmDialogContent), {
  ssr: false,
});

type Props = Omit<ConfirmDialogContentProps, "returnFocus"> & { trigger?: ReactNode };

/**
 * Asks before an action that moves money or cannot be undone: an accessible Radix AlertDialog that
 * takes focus (on "Go back"), closes on Esc and gives focus back to what opened it; the body states
 * the amount and the consequence. The dialog code loads the first time one opens.
 */
export function ConfirmDialog({ trigger, open: controlled, onOpenChange, ...props }: Props) {
  const [own, setOwn] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const open = controlled ?? own;
  const setOpen = (next: boolean) => {
    if (controlled === undefined) setOwn(next);
    onOpenChange?.(next);
  };
  return (
    <>
      {trigger ? (
        <span
          className="contents"
          onClickCapture={(e) => {
            opener.current = e.target instanceof HTMLElement ? (e.target.closest("button") ?? e.target) : null;
            setOpen(true);
          }}
        >
          {trigger}
        </span>
      ) : null}
      {open ? (
        <ConfirmDialogContent
          {...props}
          open
          onOpenChange={setOpen}
          returnFocus={
            opener.current ?? (typeof document !== "undefined" ? (document.activeElement as HTMLElement | null) : null)
          }
        />
      ) : null}
    </>
  );
}
