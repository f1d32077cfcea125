"use client";

import { QueryError } from "@/components/ui/query-error";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { cardLabel } from "@/components/billing-keys/card-label";
import { BILLING_KEYS_QUERY, IssueCardForm } from "@/components/billing-keys/issue-card-form";
import { StatusBadge } from "@/components/billing-keys/status-badge";
import { useT, useFormat } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";
import { Select } from "@/components/ui/input";
import { BILLING_KEY_STATUSES } from "@/lib/billing-keys/schema";
import type { WireBillingKey } from "@/lib/billing-keys/serialize";
import { unwrap } from "@/lib/dashboard/unwrap";
import { listBillingKeysAction } from "@/components/billing-keys/actions";

type Status = (typeof BILLING_KEY_STATUSES)[number];

// The delete dialog loads when a delete is asked for.
const DeleteKeyDialog = dynamic(
  () => import("@/components/billing-keys/delete-key-dialog").then((m) => m.DeleteKeyDialog),
  { ssr: false },
);

export function BillingKeysClient({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const queryClient = useQueryClient();
  const status = (BILLING_KEY_STATUSES as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as Status)
    : undefined;
  const page = Math.max(0, Number(params.get("page") ?? 0) || 0);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const keys = useQuery({
    queryKey: [...BILLING_KEYS_QUERY, { status, page }],
    queryFn: async () => unwrap(await listBillingKeysAction({ page, status })),
  });

  const setUrl = (next: { status?: string; page?: number }) => {
    const search = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === "" || v === 0) search.delete(k);
      else search.set(k, String(v));
    }
    router.replace(`${pathname}?${search.toString()}`);
  };

  const columns = useMemo<ColumnDef<WireBillingKey>[]>(
    () => [
      {
        header: t("billingKeys.key"),
        cell: ({ row }) => (
          <Link
            className="font-mono text-xs text-brand hover:underline"
            href={`/dashboard/billing-keys/${encodeURIComponent(row.original.billing_key)}`}
          >
            {row.original.billing_key}
          </Link>
        ),
      },
      { header: t("billingKeys.status"), cell: ({ row }) => <StatusBadge status={row.original.status} /> },
      {
        header: t("billingKeys.customer"),
        cell: ({ row }) => {
          const c = row.original.customer as { id?: string; name?: string };
          return <span>{[c.name, c.id].filter(Boolean).join(" · ")}</span>;
        },
      },
      { header: t("billingKeys.card"), cell: ({ row }) => cardLabel(row.original) },
      {
        header: t("billingKeys.issuedAt"),
        cell: ({ row }) => (row.original.issued_at ? fmt.dateTime(row.original.issued_at) : "—"),
      },
      {
        id: "actions",
        header: "",
        cell: ({ row }) =>
          canWrite && row.original.status === "ISSUED" ? (
            <Button variant="danger" onClick={() => setDeleting(row.original.billing_key)}>
              {t("billingKeys.delete")}
            </Button>
          ) : null,
      },
    ],
    [t, fmt, canWrite],
  );

  const data = keys.data;
  const totalPage = data?.total_page ?? 1;
  return (
    <div className="space-y-4">
      <PageHeader title={t("billingKeys.title")} />
      <p className="text-sm text-slate-600">{t("billingKeys.intro")}</p>
      {canWrite ? <IssueCardForm /> : <Alert kind="info">{t("billingKeys.viewerCannot")}</Alert>}
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      {keys.error ? <QueryError error={keys.error} onRetry={() => void keys.refetch()} /> : null}
      <div className="flex items-end gap-3">
        <label className="text-sm">
          <span className="mb-1 block text-slate-600">{t("billingKeys.status")}</span>
          <Select
            aria-label={t("billingKeys.status")}
            value={status ?? ""}
            onChange={(e) => setUrl({ status: e.target.value, page: 0 })}
          >
            <option value="">{t("billingKeys.allStatuses")}</option>
            {BILLING_KEY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`billing.status.${s}`)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <DataTable
        columns={columns}
        data={data?.billing_keys}
        loading={keys.isPending}
        testId="billing-keys-table"
        stacked
        rowTestId={(k) => `billing-key-${k.billing_key}`}
      />
      {totalPage > 1 ? <Pager page={page} pageCount={totalPage} onPage={(p) => setUrl({ page: p })} /> : null}
      {deleting ? (
        <DeleteKeyDialog
          billingKey={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            setNotice(t("billingKeys.deleted"));
            void queryClient.invalidateQueries({ queryKey: BILLING_KEYS_QUERY });
          }}
        />
      ) : null}
    </div>
  );
}
