"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import type { Locale } from "@/lib/i18n/dictionary";
import { I18nProvider } from "./i18n-provider";

// Zod compiles object parsers with `new Function` when it may; the pages' CSP has no 'unsafe-eval',
// and even its probe would be reported as a violation.
z.config({ jitless: true });

export function Providers({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <I18nProvider locale={locale}>{children}</I18nProvider>
    </QueryClientProvider>
  );
}
