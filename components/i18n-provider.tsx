"use client";

import { createContext, useCallback, useContext, useMemo } from "react";
import { translate, type Locale } from "@/lib/i18n/dictionary";
import { createFormatter } from "@/lib/i18n/format";

const ReaderContext = createContext<{ locale: Locale; timeZone: string }>({ locale: "ko", timeZone: "Asia/Seoul" });

export function I18nProvider({ locale, timeZone, children }: { locale: Locale; timeZone: string; children: React.ReactNode }) {
  const value = useMemo(() => ({ locale, timeZone }), [locale, timeZone]);
  return <ReaderContext.Provider value={value}>{children}</ReaderContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(ReaderContext).locale;
}

export function useT() {
  const locale = useLocale();
  return useCallback((key: string, vars?: Record<string, string | number>) => translate(locale, key, vars), [locale]);
}

/** Dates in the reader's time zone and money in their locale. */
export function useFormat() {
  const { locale, timeZone } = useContext(ReaderContext);
  return useMemo(() => createFormatter(locale, timeZone), [locale, timeZone]);
}
