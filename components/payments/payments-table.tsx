"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { useT } from "@/components/i18n-provider";
import { DataTable } from "@/components/ui/data-table";
import { formatMoney } from "@/lib/money";
import type { WirePayment } from "@/lib/payments/serialize";
import { StatusBadge } from "./status-badge";

type Sort = { by: "REQUESTED_AT" | "STATUS_UPDATED_AT"; order: "ASCENDING" | "DESCENDING" };

/** The representative transaction of a payment (the API marks it; the last one otherwise). */
export function primaryOf(payment: WirePayment) {
  return payment.transactions.find((t) => t.is_primary) ?? payment.transactions.at(-1)!;
}

function SortHeader({ label, by, sort, onSort }: { label: string; by: Sort["by"]; sort: Sort; onSort: (s: Sort) => void }) {
  const active = sort.by === by;
  const next: Sort = { by, order: active && sort.order === "DESCENDING" ? "ASCENDING" : "DESCENDING" };
  return (
    <button type="button" className="font-medium" onClick={() => onSort(next)} aria-sort={active ? (sort.order === "DESCENDING" ? "descending" : "ascending") : "none"}>
      {label} {active ? (sort.order === "DESCENDING" ? "↓" : "↑") : ""}
    </button>
  );
}

export function PaymentsTable({ payments, sort, onSort }: { payments: WirePayment[]; sort: Sort; onSort: (s: Sort) => void }) {
  const t = useT();
  const columns = useMemo<ColumnDef<WirePayment>[]>(
    () => [
      {
        header: t("payments.paymentId"),
        cell: ({ row }) => (
          <Link className="font-mono text-xs text-brand hover:underline" href={`/dashboard/payments/${encodeURIComponent(row.original.id)}`}>
            {row.original.id}
          </Link>
        ),
      },
      { header: t("payments.orderName"), cell: ({ row }) => primaryOf(row.original).order_name },
      { header: t("payments.status"), cell: ({ row }) => <StatusBadge status={primaryOf(row.original).status} /> },
      {
        header: t("payments.amount"),
        cell: ({ row }) => {
          const amount = primaryOf(row.original).amount;
          return <span className="tabular-nums">{formatMoney(amount.total, amount.currency)}</span>;
        },
      },
      { header: t("payments.method"), cell: ({ row }) => primaryOf(row.original).method ?? "" },
      { header: t("payments.provider"), cell: ({ row }) => (primaryOf(row.original).channel as { pg_provider?: string } | undefined)?.pg_provider ?? "" },
      { header: t("payments.customer"), cell: ({ row }) => (primaryOf(row.original).customer as { name?: string } | undefined)?.name ?? "" },
      {
        id: "requested_at",
        header: () => <SortHeader label={t("payments.requestedAt")} by="REQUESTED_AT" sort={sort} onSort={onSort} />,
        cell: ({ row }) => new Date(primaryOf(row.original).requested_at).toLocaleString(),
      },
      {
        id: "status_updated_at",
        header: () => <SortHeader label={t("payments.statusUpdatedAt")} by="STATUS_UPDATED_AT" sort={sort} onSort={onSort} />,
        cell: ({ row }) => {
          const at = primaryOf(row.original).status_updated_at;
          return at ? new Date(at).toLocaleString() : "";
        },
      },
    ],
    [t, sort, onSort],
  );
  return <DataTable columns={columns} data={payments} testId="payments-table" rowTestId={(p) => `payment-${p.id}`} />;
}
