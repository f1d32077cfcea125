import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { Providers } from "@/components/providers";
import { messagesFor, translate } from "@/lib/i18n/dictionary";
import { getLocale, getTimeZone } from "@/lib/i18n/server";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const name = translate(await getLocale(), "app.name");
  return {
    title: { template: `%s · ${name}`, default: name },
    description: "Self-hosted payment platform for merchants",
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f8fafc" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const timeZone = await getTimeZone(locale);
  // Reading the request renders every page per request, so each carries its CSP nonce (proxy.ts);
  // next-themes' inline script gets it here.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang={locale} suppressHydrationWarning>
      <body>
        <Providers locale={locale} timeZone={timeZone} messages={messagesFor(locale)} nonce={nonce}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
