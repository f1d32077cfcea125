"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useFormat } from "@/components/i18n-provider";

/**
 * Remembers the browser's time zone in a cookie so server-rendered dates match the reader's
 * clock, and moves focus to the page's main region after a client-side navigation.
 */
export function ReaderSync() {
  const router = useRouter();
  const pathname = usePathname();
  const { locale, timeZone } = useFormat();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || document.cookie.includes(`tz=${encodeURIComponent(zone)}`)) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4; this is one plain preference cookie.
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    if (locale !== "ko" && zone !== timeZone) router.refresh();
  }, [locale, timeZone, router]);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname (a client navigation) is what moves the focus.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
