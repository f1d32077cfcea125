"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { StoreLink } from "@/components/dashboard/store-link";
import { paymentPath } from "@/components/dashboard/store-href";
import { useFormat, useLocale, useT } from "@/components/i18n-provider";
import { DataTable } from "@/components/ui/data-table";
import { failureLabel } from "@/lib/i18n/labels";
import type { WirePayment, WireTransaction } from "@/lib/payments/serialize";
import type { PaymentColumn } from "@/lib/saved-views/schema";
import { StatusBadge } from "./status-badge";

const OPTIONAL = new Set<string>([
  "order_name",
  "status",
  "net",
  "failure",
  "method",
  "provider",
  "customer",
  "requested_at",
  "status_updated_at",
]);

type Sort = { by: "REQUESTED_AT" | "STATUS_UPDATED_AT"; order: "ASCENDING" | "DESCENDING" };

/** The representative transaction of a payment (the API marks it; the last one otherwise). */
export function primaryOf(payment: WirePayment) {
  return payment.transactions.find((t) => t.is_primary) ?? payment.transactions.at(-1)!;
}

/**
 * What the merchant keeps: paid minus refunded. A payment still awaiting money (a virtual account,
 * a pending attempt) shows its total greyed; a failed one nothing, for nothing was paid.
 */
function netOf(tx: WireTransaction): number {
  if (tx.amount.paid > 0) return tx.amount.paid - tx.amount.cancelled;
  return tx.status === "FAILED" ? 0 : tx.amount.total;
}

function SortHeader({
  label,
  by,
  sort,
  onSort,
}: {
  label: string;
  by: Sort["by"];
  sort: Sort;
  onSort: (s: Sort) => void;
}) {
  const t = useT();
  const active = sort.by === by;
  const next: Sort = { by, order: active && sort.order === "DESCENDING" ? "ASCENDING" : "DESCENDING" };
  return (
    <button type="button" className="font-medium whitespace-nowrap" onClick={() => onSort(next)}>
      {label} <span aria-hidden="true">{active ? (sort.order === "DESCENDING" ? "↓" : "↑") : ""}</span>
      {active ? (
        <span className="sr-only">{sort.order === "DESCENDING" ? t("table.sortedDesc") : t("table.sortedAsc")}</span>
      ) : null}
    </button>
  );
}

export function PaymentsTable({
  payments,
  sort,
  onSort,
  loading,
  stores,
  currentStoreId,
  emptyText,
  visible,
}: {
  payments: WirePayment[] | undefined;
  sort: Sort;
  onSort: (s: Sort) => void;
  loading: boolean;
  stores?: { id: string; name: string }[];
  currentStoreId: string;
  emptyText?: string;
  visible?: PaymentColumn[];
}) {
  const t = useT();
  const fmt = useFormat();
  const locale = useLocale();
  const columns = useMemo<ColumnDef<WirePayment>[]>(() => {
    const cols: ColumnDef<WirePayment>[] = [
      {
        header: t("payments.paymentId"),
        cell: ({ row }) => (
          <StoreLink
            className="font-mono text-xs whitespace-nowrap text-brand hover:underline"
            currentStoreId={currentStoreId}
            storeId={row.original.store_id}
            path={paymentPath(row.original.id)}
          >
            {row.original.id}
          </StoreLink>
        ),
      },
      { id: "order_name", header: t("payments.orderName"), cell: ({ row }) => primaryOf(row.original).order_name },
      {
        id: "status",
        header: t("payments.status"),
        cell: ({ row }) => <StatusBadge status={primaryOf(row.original).status} />,
      },
      {
        id: "net",
        header: t("payments.netAmount"),
        cell: ({ row }) => {
          const tx = primaryOf(row.original);
          const net = netOf(tx);
          return (
            <span
              className={`tabular-nums whitespace-nowrap ${tx.amount.paid === 0 && tx.status !== "FAILED" ? "text-slate-500" : ""}`}
              data-testid="net-amount"
            >
              {fmt.money(net, tx.amount.currency)}
              {tx.amount.cancelled > 0 ? (
                <span className="block text-xs text-slate-500 line-through">
                  {fmt.money(tx.amount.paid, tx.amount.currency)}
                </span>
              ) : null}
            </span>
          );
        },
      },
      {
        id: "failure",
        header: t("payments.failureReason"),
        cell: ({ row }) => {
          const tx = primaryOf(row.original);
          if (tx.status !== "FAILED") return "";
          const f = tx.failure;
          return (
            <span data-testid="failure-reason">{failureLabel(t, locale, f?.pg_code, f?.reason ?? f?.pg_message)}</span>
          );
        },
      },
      {
        id: "method",
        header: t("payments.method"),
        cell: ({ row }) => (primaryOf(row.original).method ? t(`enum.method.${primaryOf(row.original).method}`) : "—"),
      },
      {
        id: "provider",
        header: t("payments.provider"),
        cell: ({ row }) => {
          const p = (primaryOf(row.original).channel as { pg_provider?: string } | undefined)?.pg_provider;
          return p ? t(`enum.pgProvider.${p}`) : "—";
        },
      },
      {
        id: "customer",
        header: t("payments.customer"),
        cell: ({ row }) => (primaryOf(row.original).customer as { name?: string } | undefined)?.name ?? "",
      },
    ];
    if (stores)
      cols.push({
        header: t("payments.store"),
        cell: ({ row }) => stores.find((s) => s.id === row.original.store_id)?.name ?? row.original.store_id,
      });
    cols.push(
      {
        id: "requested_at",
        meta: { label: t("payments.requestedAt") },
        header: () => <SortHeader label={t("payments.requestedAt")} by="REQUESTED_AT" sort={sort} onSort={onSort} />,
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{fmt.dateTime(primaryOf(row.original).requested_at)}</span>
        ),
      },
      {
        id: "status_updated_at",
        meta: { label: t("payments.statusUpdatedAt") },
        header: () => (
          <SortHeader label={t("payments.statusUpdatedAt")} by="STATUS_UPDATED_AT" sort={sort} onSort={onSort} />
        ),
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{fmt.dateTime(primaryOf(row.original).status_updated_at)}</span>
        ),
      },
    );
    // A saved view may hide optional columns; the payment id (and the store, across stores) always shows.
    return visible ? cols.filter((c) => !c.id || !OPTIONAL.has(c.id) || visible.includes(c.id as PaymentColumn)) : cols;
  }, [t, fmt, locale, sort, onSort, stores, currentStoreId, visible]);
  return (
    <DataTable
      columns={columns}
      data={payments}
      loading={loading}
      testId="payments-table"
      stacked
      rowTestId={(p) => `payment-${p.id}`}
      emptyText={emptyText}
      label={t("payments.title")}
    />
  );
}
