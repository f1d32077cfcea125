"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useFormat, useT } from "@/components/i18n-provider";
import { DataTable } from "@/components/ui/data-table";
import type { AuditEntry } from "@/lib/audit/schema";

function changeText(summary: AuditEntry["summary"]): string {
  const fmt = (v: Record<string, unknown> | undefined) =>
    v
      ? Object.entries(v)
          .map(([k, x]) => `${k}: ${typeof x === "string" ? x : JSON.stringify(x)}`)
          .join(", ")
      : "";
  const before = fmt(summary.before);
  const after = fmt(summary.after);
  return before && after ? `${before} → ${after}` : before || after;
}

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const t = useT();
  const fmt = useFormat();
  const columns = useMemo<ColumnDef<AuditEntry>[]>(
    () => [
      {
        header: t("audit.time"),
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {fmt.dateTime(row.original.createdAt)}
            {row.original.seq === null ? (
              <span className="block text-xs text-amber-700" title={t("audit.unsealedHint")}>
                {t("audit.unsealed")}
              </span>
            ) : null}
          </span>
        ),
      },
      {
        header: t("audit.actor"),
        cell: ({ row }) => (
          <span>
            {row.original.actorName}
            <span className="block text-xs text-slate-500">{t(`enum.actorType.${row.original.actorType}`)}</span>
          </span>
        ),
      },
      { header: t("audit.action"), cell: ({ row }) => t(`enum.auditAction.${row.original.action}`) },
      { header: t("audit.target"), cell: ({ row }) => <code className="text-xs">{row.original.targetId}</code> },
      {
        header: t("audit.change"),
        cell: ({ row }) => <span className="text-xs break-all">{changeText(row.original.summary)}</span>,
      },
      { header: t("audit.address"), cell: ({ row }) => row.original.ipAddress ?? "—" },
    ],
    [t, fmt],
  );
  return (
    <DataTable
      columns={columns}
      data={entries}
      testId="audit-log"
      rowTestId={(e) => `audit-${e.seq ?? e.id}`}
      emptyText={t("audit.empty")}
      label={t("audit.title")}
    />
  );
}
