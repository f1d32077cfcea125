const COLORS: Record<string, string> = {
  PAID: "bg-green-100 text-green-800",
  PARTIAL_CANCELLED: "bg-amber-100 text-amber-800",
  CANCELLED: "bg-slate-200 text-slate-700",
  FAILED: "bg-red-100 text-red-800",
  VIRTUAL_ACCOUNT_ISSUED: "bg-blue-100 text-blue-800",
  PENDING: "bg-purple-100 text-purple-800",
  READY: "bg-slate-100 text-slate-600",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${COLORS[status] ?? COLORS.READY}`} data-status={status}>
      {status}
    </span>
  );
}
