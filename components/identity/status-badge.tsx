"use client";

import { useT } from "@/components/i18n-provider";

const COLORS: Record<string, string> = {
  READY: "bg-amber-100 text-amber-800",
  VERIFIED: "bg-green-100 text-green-800",
  FAILED: "bg-red-100 text-red-800",
  ISSUED: "bg-green-100 text-green-800",
  CANCELLED: "bg-slate-200 text-slate-700",
};

/** An identity-verification or cash-receipt status in the reader's words (data-status keeps the value). */
export function StatusBadge({
  status,
  kind = "identityStatus",
}: {
  status: string;
  kind?: "identityStatus" | "receiptStatus";
}) {
  const t = useT();
  return (
    <span
      data-testid="status"
      data-status={status}
      className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${COLORS[status] ?? "bg-slate-100"}`}
    >
      {status ? t(`enum.${kind}.${status}`) : "—"}
    </span>
  );
}
