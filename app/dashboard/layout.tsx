import { CommandPalette } from "@/components/dashboard/command-palette";
import { MobileNav } from "@/components/dashboard/mobile-nav";
import { Nav } from "@/components/dashboard/nav";
import { ReaderSync } from "@/components/dashboard/reader-sync";
import { LocaleSwitcher, SignOutButton, StoreSwitcher } from "@/components/dashboard/shell-controls";
import { TestModeBanner } from "@/components/dashboard/test-mode-banner";
import { ThemeToggle } from "@/components/dashboard/theme-toggle";
import { listChannels } from "@/lib/channels/list-channels";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator } from "@/lib/i18n/server";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  // The shell also wraps the team page, where a user owing the team's second factor sets it up;
  // each page (and every action) enforces that requirement itself.
  const ctx = await requireDashboard({ twoFactorSetup: true });
  const { t } = await getTranslator();
  const channels = (await listChannels({ ctx, input: {} })).channels;
  const testOnly = channels.length === 0 || channels.every((c) => c.type === "TEST");
  const controls = (
    <>
      <StoreSwitcher stores={ctx.stores} current={ctx.storeId} />
      <LocaleSwitcher />
      <ThemeToggle />
      <SignOutButton />
    </>
  );
  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("shell.skip")}
      </a>
      <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white p-4 lg:block">
        <p className="mb-4 px-3 text-sm font-semibold text-brand">{t("app.name")}</p>
        <Nav />
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 lg:px-6">
          <div className="flex min-w-0 items-center gap-2">
            <MobileNav>
              <div className="flex flex-col gap-3">{controls}</div>
            </MobileNav>
            <p className="truncate text-sm text-slate-600" data-testid="merchant-name">
              {ctx.merchantName} · {ctx.userName}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <CommandPalette stores={ctx.stores} currentStoreId={ctx.storeId} />
            <div className="hidden items-center gap-3 lg:flex">{controls}</div>
          </div>
        </header>
        {testOnly ? <TestModeBanner /> : null}
        <main id="main" tabIndex={-1} className="min-w-0 p-4 outline-none lg:p-6">
          {children}
        </main>
        <ReaderSync />
      </div>
    </div>
  );
}
