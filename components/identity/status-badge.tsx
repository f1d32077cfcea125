const COLORS: Record<string, string> = {
  READY: "bg-amber-100 text-amber-800",
  VERIFIED: "bg-green-100 text-green-800",
  FAILED: "bg-red-100 text-red-800",
  ISSUED: "bg-green-100 text-green-800",
  CANCELLED: "bg-slate-200 text-slate-700",
};

export function StatusBadge({ status }: { status: string }) {
  return <span data-testid="status" className={`rounded px-2 py-0.5 text-xs font-medium ${COLORS[status] ?? "bg-slate-100"}`}>{status}</span>;
}
