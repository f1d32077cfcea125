"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";

// cmdk and the search results load on first use, not with every page.
const PaletteDialog = dynamic(() => import("./palette-dialog").then((m) => m.PaletteDialog), { ssr: false });

/** ⌘K / Ctrl+K or the header button: jump to any page, store, payment, billing key or schedule. */
export function CommandPalette({
  stores,
  currentStoreId,
}: {
  stores: { id: string; name: string }[];
  currentStoreId: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = (next: boolean) => {
    setUsed(true);
    setOpen(next);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "k" && (e.metaKey || e.ctrlKey)) {
        e.preventDefault();
        setUsed(true);
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => show(true)}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        data-testid="open-palette"
      >
        <span aria-hidden="true">⌕</span>
        <span>{t("palette.open")}</span>
        <kbd className="hidden rounded border border-slate-300 px-1 text-xs text-slate-500 sm:inline">Ctrl K</kbd>
      </Button>
      {used ? <PaletteDialog stores={stores} currentStoreId={currentStoreId} open={open} setOpen={show} /> : null}
    </>
  );
}
