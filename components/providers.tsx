"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { useState } from "react";
import { z } from "zod";
import type { Locale, Messages } from "@/lib/i18n/dictionary";
import { I18nProvider } from "./i18n-provider";
import { AppToaster } from "./ui/toaster";

// Zod compiles object parsers with `new Function` when it may; the pages' CSP has no 'unsafe-eval',
// and even its probe would be reported as a violation.
z.config({ jitless: true });

export function Providers({
  locale,
  timeZone,
  messages,
  nonce,
  children,
}: {
  locale: Locale;
  timeZone: string;
  messages: Messages;
  nonce?: string;
  children: React.ReactNode;
}) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false } } }),
  );
  return (
    // next-themes sets the class before paint with a tiny inline script carrying the CSP nonce.
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <QueryClientProvider client={client}>
        <I18nProvider locale={locale} timeZone={timeZone} messages={messages}>
          {children}
          <AppToaster />
        </I18nProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
