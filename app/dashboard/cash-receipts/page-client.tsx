"use client";

import { useErrorNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { QueryError } from "@/components/ui/query-error";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ColumnDef } from "@tanstack/react-table";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { IssueCashReceiptForm } from "@/components/cash-receipts/issue-form";
import { StatusBadge } from "@/components/identity/status-badge";
import { useT, useFormat } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";
import { Input, Select } from "@/components/ui/input";
import { cashReceiptStatus, cashReceiptType } from "@/lib/cash-receipts/schema";
import type { CashReceiptListItem } from "@/lib/cash-receipts/serialize";
import { unwrap } from "@/lib/dashboard/unwrap";
import { cancelCashReceiptAction, listCashReceiptsAction } from "@/components/cash-receipts/actions";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The store's cash receipts; filters (status, type, dates) and page live in the URL. */
export function CashReceiptsClient({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const queryClient = useQueryClient();
  const status = cashReceiptStatus.safeParse(params.get("status")).data;
  const type = cashReceiptType.safeParse(params.get("type")).data;
  const from = DAY.test(params.get("from") ?? "") ? params.get("from")! : undefined;
  const to = DAY.test(params.get("to") ?? "") ? params.get("to")! : undefined;
  const page = Math.max(0, Number(params.get("page") ?? 0) || 0);
  const [error, setError] = useErrorNotice();

  const setParams = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    if (!("page" in next)) merged.delete("page");
    router.replace(`${pathname}?${merged.toString()}`);
  };

  const list = useQuery({
    queryKey: ["cash-receipts", { status, type, from, to, page }],
    queryFn: async () => unwrap(await listCashReceiptsAction({ status, type, from, to, page })),
  });
  const cancel = useMutation({
    mutationFn: async (paymentId: string) => unwrap(await cancelCashReceiptAction({ payment_id: paymentId })),
    onSuccess: () => {
      toast.success(t("receipts.cancelledToast"));
      void queryClient.invalidateQueries({ queryKey: ["cash-receipts"] });
    },
    onError: (e: Error) => setError(errorText(e)),
  });
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / (list.data?.pageSize ?? 20)));

  const columns = useMemo<ColumnDef<CashReceiptListItem>[]>(
    () => [
      { header: t("receipts.issuedAt"), cell: ({ row }) => fmt.dateTime(row.original.issued_at) },
      {
        header: t("receipts.paymentId"),
        cell: ({ row }) => <code className="text-xs">{row.original.payment_id}</code>,
      },
      { header: t("receipts.orderName"), accessorKey: "order_name" },
      { header: t("receipts.type"), cell: ({ row }) => t(`receipts.type.${row.original.type}`) },
      { header: t("receipts.amount"), cell: ({ row }) => fmt.money(row.original.amount, row.original.currency) },
      {
        header: t("receipts.status"),
        cell: ({ row }) => <StatusBadge kind="receiptStatus" status={row.original.status ?? ""} />,
      },
      { header: t("receipts.issueNumber"), accessorKey: "issue_number" },
      {
        header: "",
        id: "kind",
        cell: ({ row }) => (row.original.is_manual ? t("receipts.manual") : t("receipts.auto")),
      },
      {
        id: "actions",
        header: "",
        cell: ({ row }) => (
          <div className="flex gap-2">
            <a
              className="text-sm text-brand hover:underline"
              href={row.original.receipt_path}
              target="_blank"
              rel="noreferrer"
            >
              {t("receipts.open")}
            </a>
            {canWrite && row.original.status === "ISSUED" ? (
              <Button
                variant="danger"
                onClick={() => window.confirm(t("receipts.confirmCancel")) && cancel.mutate(row.original.payment_id)}
              >
                {t("receipts.cancel")}
              </Button>
            ) : null}
          </div>
        ),
      },
    ],
    [t, fmt, canWrite, cancel],
  );

  return (
    <div className="space-y-4">
      <PageHeader title={t("receipts.title")} />
      {canWrite ? <IssueCashReceiptForm /> : <Alert kind="info">{t("receipts.viewerCannot")}</Alert>}
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-40">
          <Select
            aria-label={t("receipts.status")}
            value={status ?? ""}
            onChange={(e) => setParams({ status: e.target.value || undefined })}
          >
            <option value="">{t("receipts.allStatuses")}</option>
            {cashReceiptStatus.options.map((s) => (
              <option key={s} value={s}>
                {t(`enum.receiptStatus.${s}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-56">
          <Select
            aria-label={t("receipts.type")}
            value={type ?? ""}
            onChange={(e) => setParams({ type: e.target.value || undefined })}
          >
            <option value="">{t("receipts.allTypes")}</option>
            {cashReceiptType.options.map((s) => (
              <option key={s} value={s}>
                {t(`receipts.type.${s}`)}
              </option>
            ))}
          </Select>
        </div>
        <label className="text-sm">
          {t("receipts.from")}{" "}
          <Input
            type="date"
            className="inline-block w-40"
            value={from ?? ""}
            onChange={(e) => setParams({ from: e.target.value || undefined })}
          />
        </label>
        <label className="text-sm">
          {t("receipts.to")}{" "}
          <Input
            type="date"
            className="inline-block w-40"
            value={to ?? ""}
            onChange={(e) => setParams({ to: e.target.value || undefined })}
          />
        </label>
      </div>
      {list.error ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      <DataTable
        columns={columns}
        data={list.data?.items}
        loading={list.isPending}
        testId="cash-receipts-table"
        stacked
        rowTestId={(r) => `receipt-${r.payment_id}`}
      />
      <Pager page={page} pageCount={pages} onPage={(p) => setParams({ page: String(p) })} />
    </div>
  );
}
