"use client";

import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";

// The drawer (Radix Dialog) loads on the first tap: desktop pages never need it.
const Drawer = dynamic(() => import("./drawer").then((m) => m.Drawer), { ssr: false });

/** Below 1024 px the sidebar becomes a drawer (Radix Dialog: focus trapped, Esc closes, focus returns). */
export function MobileNav({ children }: { children?: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className="lg:hidden"
        aria-label={t("shell.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        data-testid="open-menu"
      >
        <span aria-hidden="true">☰</span>
        <span className="sr-only sm:not-sr-only">{t("shell.menu")}</span>
      </Button>
      {used ? (
        <Drawer open={open} onOpenChange={setOpen}>
          {children}
        </Drawer>
      ) : null}
    </>
  );
}
