"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { useFormat, useT } from "@/components/i18n-provider";
import { DataTable } from "@/components/ui/data-table";
import type { RequestLogRow } from "@/lib/request-log/serialize";

function statusClass(status: number): string {
  if (status >= 500) return "text-red-700";
  if (status >= 400) return "text-amber-700";
  return "text-green-700";
}

export function RequestTable({ rows }: { rows: RequestLogRow[] }) {
  const t = useT();
  const fmt = useFormat();
  const columns = useMemo<ColumnDef<RequestLogRow>[]>(
    () => [
      {
        header: t("logs.time"),
        cell: ({ row }) => <span className="whitespace-nowrap">{fmt.dateTime(row.original.createdAt)}</span>,
      },
      { header: t("logs.method"), cell: ({ row }) => <code className="text-xs">{row.original.method}</code> },
      { header: t("logs.path"), cell: ({ row }) => <code className="text-xs break-all">{row.original.path}</code> },
      {
        header: t("logs.status"),
        cell: ({ row }) => (
          <span className={`font-medium tabular-nums ${statusClass(row.original.status)}`}>{row.original.status}</span>
        ),
      },
      {
        header: t("logs.latency"),
        cell: ({ row }) => (
          <span className="tabular-nums whitespace-nowrap">{t("logs.ms", { ms: row.original.latencyMs })}</span>
        ),
      },
      {
        header: t("logs.key"),
        cell: ({ row }) => (row.original.key ? `${row.original.key.name} (${row.original.key.prefix}…)` : "—"),
      },
      {
        id: "details",
        header: "",
        cell: ({ row }) => (
          <Link className="text-brand underline" href={`/dashboard/logs/${row.original.id}`}>
            {t("logs.details")}
          </Link>
        ),
      },
    ],
    [t, fmt],
  );
  return (
    <DataTable
      columns={columns}
      data={rows}
      testId="request-log"
      rowTestId={(r) => `request-${r.id}`}
      emptyText={t("logs.empty")}
      label={t("logs.title")}
    />
  );
}
