import type { Metadata } from "next";
import { headers } from "next/headers";
import { Providers } from "@/components/providers";
import { getLocale } from "@/lib/i18n/server";
import "./globals.css";

export const metadata: Metadata = { title: "Payment Platform", description: "Self-hosted payment platform for merchants" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  // Reading the request makes every page render per request, so each carries its CSP nonce
  // (proxy.ts); components adding inline scripts take it from the same header.
  await headers();
  return (
    <html lang={locale}>
      <body>
        <Providers locale={locale}>{children}</Providers>
      </body>
    </html>
  );
}
