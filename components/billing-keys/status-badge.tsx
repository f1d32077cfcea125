"use client";

import { useT } from "@/components/i18n-provider";

const COLORS: Record<string, string> = {
  ISSUED: "bg-green-50 text-green-800",
  PAID: "bg-green-50 text-green-800",
  COMPLETED: "bg-green-50 text-green-800",
  SCHEDULED: "bg-blue-50 text-blue-800",
  STARTED: "bg-amber-50 text-amber-800",
  PENDING: "bg-amber-50 text-amber-800",
  FAILED: "bg-red-50 text-red-800",
  DELETED: "bg-slate-100 text-slate-600",
  CANCELLED: "bg-slate-100 text-slate-600",
};

/** A status word (billing key, schedule or payment) as a coloured badge; data-status carries the raw value. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span
      data-status={status}
      className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${COLORS[status] ?? "bg-slate-100 text-slate-700"}`}
    >
      {t(`billing.status.${status}`)}
    </span>
  );
}
