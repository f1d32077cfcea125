"use client";

import { QueryError } from "@/components/ui/query-error";
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { inboxAction } from "@/components/identity/actions";
import { useT, useFormat } from "@/components/i18n-provider";
import { PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { unwrap } from "@/lib/dashboard/unwrap";
import type { InboxMessage } from "@/lib/identity/list-sandbox-inbox";

/** The sandbox carrier's outbox for the current store: where test codes can be read. */
export function SandboxInboxClient() {
  const t = useT();
  const fmt = useFormat();
  const inbox = useQuery({
    queryKey: ["sandbox-inbox"],
    queryFn: async () => unwrap(await inboxAction({})),
    refetchInterval: 3000,
  });
  const columns = useMemo<ColumnDef<InboxMessage>[]>(
    () => [
      { header: t("inbox.sentAt"), cell: ({ row }) => fmt.dateTime(row.original.sentAt) },
      {
        header: t("identity.id"),
        cell: ({ row }) => (
          <Link
            className="font-mono text-xs text-brand hover:underline"
            href={`/dashboard/verifications/${encodeURIComponent(row.original.verificationId)}`}
          >
            {row.original.verificationId}
          </Link>
        ),
      },
      { header: t("inbox.to"), accessorKey: "phoneNumber" },
      { header: t("inbox.message"), cell: ({ row }) => <span data-testid="inbox-text">{row.original.text}</span> },
      { header: t("inbox.expiresAt"), cell: ({ row }) => fmt.time(row.original.expiresAt) },
    ],
    [t, fmt],
  );
  return (
    <div className="space-y-4">
      <PageHeader title={t("inbox.title")} />
      <p className="text-sm text-slate-600">{t("inbox.intro")}</p>
      {inbox.error ? <QueryError error={inbox.error} onRetry={() => void inbox.refetch()} /> : null}
      <DataTable
        columns={columns}
        data={inbox.data}
        loading={inbox.isPending}
        testId="sandbox-inbox"
        rowTestId={(m) => `inbox-${m.verificationId}`}
      />
    </div>
  );
}
