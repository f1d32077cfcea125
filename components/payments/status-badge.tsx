"use client";

import { useT } from "@/components/i18n-provider";

const COLORS: Record<string, string> = {
  PAID: "bg-green-100 text-green-800",
  PARTIAL_CANCELLED: "bg-amber-100 text-amber-800",
  CANCELLED: "bg-slate-200 text-slate-700",
  FAILED: "bg-red-100 text-red-800",
  VIRTUAL_ACCOUNT_ISSUED: "bg-blue-100 text-blue-800",
  PENDING: "bg-purple-100 text-purple-800",
  READY: "bg-slate-100 text-slate-700",
};

/** A payment status in the reader's words; data-status keeps the API's value for tests and styling. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${COLORS[status] ?? COLORS.READY}`}
      data-status={status}
    >
      {t(`enum.paymentStatus.${status}`)}
    </span>
  );
}
