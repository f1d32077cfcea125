"use client";

import { createContext, useCallback, useContext, useMemo } from "react";
import type { Locale, Messages } from "@/lib/i18n/dictionary";
import { createFormatter } from "@/lib/i18n/format";
import { interpolate } from "@/lib/i18n/interpolate";

type Reader = { locale: Locale; timeZone: string; messages: Messages };
const ReaderContext = createContext<Reader>({ locale: "ko", timeZone: "Asia/Seoul", messages: {} });

/**
 * The reader's language, time zone and messages. The server passes only that language's messages,
 * so no page ships the other language's dictionary in its JavaScript.
 */
export function I18nProvider({ locale, timeZone, messages, children }: Reader & { children: React.ReactNode }) {
  const value = useMemo(() => ({ locale, timeZone, messages }), [locale, timeZone, messages]);
  return <ReaderContext.Provider value={value}>{children}</ReaderContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(ReaderContext).locale;
}

export function useT() {
  const { messages, locale } = useContext(ReaderContext);
  return useCallback(
    (key: string, vars?: Record<string, string | number>) => interpolate(messages[key] ?? key, vars, locale),
    [messages, locale],
  );
}

/** Dates in the reader's time zone and money in their locale. */
export function useFormat() {
  const { locale, timeZone } = useContext(ReaderContext);
  return useMemo(() => createFormatter(locale, timeZone), [locale, timeZone]);
}
