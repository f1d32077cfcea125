import { LocaleSwitcher, SignOutButton, StoreSwitcher } from "@/components/dashboard/shell-controls";
import { Nav } from "@/components/dashboard/nav";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator } from "@/lib/i18n/server";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const ctx = await requireDashboard();
  const { t } = await getTranslator();
  return (
    <div className="flex min-h-screen">
      <aside className="w-56 shrink-0 border-r border-slate-200 bg-white p-4">
        <p className="mb-4 px-3 text-sm font-semibold text-brand">{t("app.name")}</p>
        <Nav />
      </aside>
      <div className="flex-1">
        <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-6 py-3">
          <p className="text-sm text-slate-600" data-testid="merchant-name">
            {ctx.merchantName} · {ctx.userName}
          </p>
          <div className="flex items-center gap-3">
            <StoreSwitcher stores={ctx.stores} current={ctx.storeId} />
            <LocaleSwitcher />
            <SignOutButton />
          </div>
        </header>
        <main className="p-6">{children}</main>
      </div>
    </div>
  );
}
