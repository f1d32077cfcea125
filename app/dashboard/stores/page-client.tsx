"use client";

import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { useT } from "@/components/i18n-provider";
import { PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import type { PublicStore } from "@/lib/stores/serialize";
import { listStoresAction } from "@/components/stores/actions";

export function StoresClient({ canCreate }: { canCreate: boolean }) {
  const t = useT();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  // The filter lives in the URL so a filtered view can be shared and reloaded.
  const q = params.get("q") ?? "";
  const stores = useQuery({ queryKey: ["stores"], queryFn: async () => unwrap(await listStoresAction({})) });
  const rows = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (stores.data ?? []).filter(
      (s) => !needle || s.name.toLowerCase().includes(needle) || s.tier_code.toLowerCase().includes(needle),
    );
  }, [stores.data, q]);
  const columns = useMemo<ColumnDef<PublicStore>[]>(
    () => [
      {
        header: t("stores.col.name"),
        cell: ({ row }) => (
          <Link href={`/dashboard/stores/${row.original.id}`} className="font-medium text-brand">
            {row.original.name}
          </Link>
        ),
      },
      { header: t("stores.col.tierCode"), cell: ({ row }) => <code>{row.original.tier_code}</code> },
      { header: t("stores.col.company"), cell: ({ row }) => String(row.original.business_license.company_name ?? "") },
      { header: t("stores.col.representative"), cell: ({ row }) => String(row.original.representative.name_ko ?? "") },
      { header: t("stores.col.manager"), cell: ({ row }) => row.original.manager_name ?? "" },
      {
        header: t("stores.col.kpis"),
        cell: ({ row }) => (
          <Link
            href={`/dashboard/stores/${encodeURIComponent(row.original.id)}/kpis`}
            className="text-brand hover:underline"
            aria-label={t("stores.kpis.heading", { name: row.original.name })}
          >
            {t("stores.col.kpis")}
          </Link>
        ),
      },
    ],
    [t],
  );
  return (
    <div className="space-y-4">
      <PageHeader title={t("stores.title")}>
        <Link
          href="/dashboard/stores/volumes"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
        >
          {t("stores.volumes.title")}
        </Link>
        <Link
          href="/dashboard/stores/onboarding"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
        >
          {t("stores.board")}
        </Link>
        {canCreate ? (
          <Link
            href="/dashboard/stores/new"
            className="rounded-md bg-brand px-3 py-1.5 text-sm font-medium text-on-brand"
          >
            {t("stores.new")}
          </Link>
        ) : null}
      </PageHeader>
      <div className="w-72">
        <Input
          aria-label={t("stores.search")}
          placeholder={t("stores.search")}
          defaultValue={q}
          onChange={(e) => {
            const next = new URLSearchParams(params.toString());
            if (e.target.value) next.set("q", e.target.value);
            else next.delete("q");
            router.replace(`${pathname}${next.size ? `?${next.toString()}` : ""}`);
          }}
        />
      </div>
      <DataTable
        columns={columns}
        data={stores.data ? rows : undefined}
        loading={stores.isPending}
        testId="stores-table"
        rowTestId={(s) => `store-${s.id}`}
      />
    </div>
  );
}
