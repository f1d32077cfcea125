"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useT } from "@/components/i18n-provider";

export const NAV_ITEMS = [
  { href: "/dashboard", key: "nav.overview" },
  { href: "/dashboard/payments", key: "nav.payments" },
  { href: "/dashboard/customers", key: "nav.customers" },
  { href: "/dashboard/billing-keys", key: "nav.billingKeys" },
  { href: "/dashboard/schedules", key: "nav.schedules" },
  { href: "/dashboard/cash-receipts", key: "nav.cashReceipts" },
  { href: "/dashboard/verifications", key: "nav.verifications" },
  { href: "/dashboard/stores", key: "nav.stores" },
  { href: "/dashboard/webhooks", key: "nav.webhooks" },
  { href: "/dashboard/settlements", key: "nav.settlements" },
  { href: "/dashboard/reconciliation", key: "nav.reconciliation" },
  { href: "/dashboard/channels", key: "nav.channels" },
  { href: "/dashboard/developers", key: "nav.developers" },
  { href: "/dashboard/logs", key: "nav.requestLog" },
  { href: "/dashboard/team", key: "nav.team" },
  { href: "/dashboard/audit-log", key: "nav.auditLog" },
] as const;

function isActive(href: string, pathname: string) {
  return href === "/dashboard" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

export function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const pathname = usePathname();
  return (
    <nav className="space-y-1" aria-label="main">
      {NAV_ITEMS.map((item) => {
        const active = isActive(item.href, pathname);
        return (
          <Link
            key={item.href}
            href={item.href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={`block rounded-md px-3 py-2 text-sm ${active ? "bg-blue-50 font-medium text-brand" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {t(item.key)}
          </Link>
        );
      })}
    </nav>
  );
}
