"use client";

import { formatKoreanPhone } from "@/lib/phone";
import { QueryError } from "@/components/ui/query-error";
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { SendVerificationForm } from "@/components/identity/send-form";
import { StatusBadge } from "@/components/identity/status-badge";
import { useT, useFormat } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";
import { Input, Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { identityStatus } from "@/lib/identity/schema";
import type { VerificationListItem } from "@/lib/identity/serialize";
import { listVerificationsAction } from "@/components/identity/actions";

/** Verifications of the current store; filters and page live in the URL. */
export function VerificationsClient({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const status = identityStatus.safeParse(params.get("status")).data;
  const search = params.get("q") ?? "";
  const page = Math.max(0, Number(params.get("page") ?? 0) || 0);
  const [draft, setDraft] = useState(search);

  const setParams = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    router.replace(`${pathname}?${merged.toString()}`);
  };

  const list = useQuery({
    queryKey: ["verifications", { status, search, page }],
    queryFn: async () => unwrap(await listVerificationsAction({ status, search: search || undefined, page })),
  });
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / (list.data?.pageSize ?? 20)));

  const columns = useMemo<ColumnDef<VerificationListItem>[]>(
    () => [
      {
        header: t("identity.id"),
        cell: ({ row }) => (
          <Link
            className="font-mono text-xs text-brand hover:underline"
            href={`/dashboard/verifications/${encodeURIComponent(row.original.id)}`}
          >
            {row.original.id}
          </Link>
        ),
      },
      { header: t("identity.status"), cell: ({ row }) => <StatusBadge status={row.original.status} /> },
      { header: t("identity.method"), cell: ({ row }) => t(`enum.identityMethod.${row.original.method}`) },
      { header: t("identity.name"), accessorKey: "name" },
      {
        header: t("identity.phone"),
        cell: ({ row }) => (row.original.phoneNumber ? formatKoreanPhone(row.original.phoneNumber) : ""),
      },
      {
        header: t("identity.channel"),
        cell: ({ row }) =>
          row.original.channel
            ? `${t(`enum.pgProvider.${row.original.channel.pgProvider}`)} · ${t(`enum.channelType.${row.original.channel.type}`)}`
            : "—",
      },
      { header: t("identity.requestedAt"), cell: ({ row }) => fmt.dateTime(row.original.requestedAt) },
    ],
    [t, fmt],
  );

  return (
    <div className="space-y-4">
      <PageHeader title={t("identity.title")}>
        <Link className="text-sm text-brand hover:underline" href="/dashboard/sandbox-inbox">
          {t("identity.inboxLink")}
        </Link>
      </PageHeader>
      <p className="text-sm text-slate-600">{t("identity.intro")}</p>
      {canWrite ? <SendVerificationForm /> : <Alert kind="info">{t("identity.viewerCannot")}</Alert>}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setParams({ q: draft.trim() || undefined, page: undefined });
        }}
      >
        <div className="w-44">
          <Select
            aria-label={t("identity.status")}
            value={status ?? ""}
            onChange={(e) => setParams({ status: e.target.value || undefined, page: undefined })}
          >
            <option value="">{t("identity.allStatuses")}</option>
            {identityStatus.options.map((s) => (
              <option key={s} value={s}>
                {t(`enum.identityStatus.${s}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-64">
          <Input
            aria-label={t("identity.search")}
            placeholder={t("identity.search")}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("identity.apply")}
        </Button>
      </form>
      {list.error ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      <DataTable
        columns={columns}
        data={list.data?.items}
        loading={list.isPending}
        testId="verifications-table"
        rowTestId={(v) => `verification-${v.id}`}
      />
      <Pager page={page} pageCount={pages} onPage={(p) => setParams({ page: String(p) })} />
    </div>
  );
}
