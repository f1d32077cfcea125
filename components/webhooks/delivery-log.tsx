"use client";

import { QueryError } from "@/components/ui/query-error";
import { useNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import {
  listDeliveriesAction,
  listEndpointsAction,
  resendDeliveryAction,
  resendMatchingAction,
} from "@/components/webhooks/actions";
import { useT, useFormat } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { DELIVERY_STATES, WEBHOOK_EVENT_TYPES, type DeliveryView } from "@/lib/webhooks/schema";
import { DeliveryDetail } from "./delivery-detail";
import { webhookKeys } from "./query-keys";
import { useLogParams } from "./use-log-params";

const LIMIT = 20;

/** The store's deliveries with filters (endpoint, status, event, date, URL), paging, detail and resend. */
export function DeliveryLog({ canWrite, storeId }: { canWrite: boolean; storeId: string }) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const { filter, page, opened, update } = useLogParams();
  const [message, setMessage] = useNotice();
  const endpoints = useQuery({
    queryKey: webhookKeys.endpoints(storeId),
    queryFn: async () => unwrap(await listEndpointsAction({})),
  });
  const deliveries = useQuery({
    queryKey: [...webhookKeys.deliveries(storeId), filter, page],
    queryFn: async () => unwrap(await listDeliveriesAction({ ...filter, page, limit: LIMIT })),
    refetchInterval: 3_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(storeId) });
  const resend = useMutation({
    mutationFn: async (id: string) => unwrap(await resendDeliveryAction({ id })),
    onSuccess: (r) => {
      const status = r.attempt?.status ?? "PENDING";
      setMessage({
        kind: status === "SUCCEEDED" || status === "PENDING" ? "success" : "error",
        text: t("webhooks.resent", {
          status: t(`webhooks.attemptStatus.${status}`),
          code: r.attempt?.responseCode ?? r.attempt?.error ?? "",
        }),
      });
      void refresh();
    },
    onError: (e: Error) => setMessage({ kind: "error", text: errorText(e) }),
  });
  const resendAll = useMutation({
    mutationFn: async () => unwrap(await resendMatchingAction(filter)),
    onSuccess: (r) => {
      setMessage({ kind: "success", text: t("webhooks.queued", { n: r.queued }) });
      void refresh();
    },
    onError: (e: Error) => setMessage({ kind: "error", text: errorText(e) }),
  });

  const columns = useMemo<ColumnDef<DeliveryView>[]>(
    () => [
      { header: t("webhooks.date"), cell: ({ row }) => fmt.dateTime(row.original.createdAt) },
      { header: t("webhooks.event"), cell: ({ row }) => t(`enum.webhookEvent.${row.original.event}`) },
      {
        header: t("webhooks.payment"),
        cell: ({ row }) => <span className="font-mono text-xs">{row.original.paymentId ?? "—"}</span>,
      },
      { header: "URL", cell: ({ row }) => <span className="break-all text-xs">{row.original.url}</span> },
      {
        header: t("webhooks.state"),
        cell: ({ row }) => (
          <span data-testid="delivery-state">
            {t(`webhooks.state.${row.original.state}`)}
            {row.original.lastCode !== null
              ? ` (${row.original.lastCode})`
              : row.original.lastStatus === "CONNECT_FAILED"
                ? ` (${t("webhooks.attemptStatus.CONNECT_FAILED")})`
                : ""}
            {row.original.nextAttemptAt ? (
              <span className="block text-xs text-slate-500">
                {t("webhooks.nextAttempt", { at: fmt.time(row.original.nextAttemptAt) })}
              </span>
            ) : null}
          </span>
        ),
      },
      { header: t("webhooks.attempts"), cell: ({ row }) => `${row.original.attempts}/${row.original.maxAttempts}` },
      { header: t("webhooks.trigger"), cell: ({ row }) => t(`enum.webhookTrigger.${row.original.trigger}`) },
      {
        id: "actions",
        header: "",
        cell: ({ row }) => (
          <div className="flex gap-1">
            <Button variant="ghost" onClick={() => update({ delivery: row.original.id })}>
              {t("webhooks.view")}
            </Button>
            {canWrite ? (
              <Button
                variant="secondary"
                disabled={resend.isPending}
                onClick={() => {
                  setMessage(null);
                  resend.mutate(row.original.id);
                }}
              >
                {t("webhooks.resend")}
              </Button>
            ) : null}
          </div>
        ),
      },
    ],
    [t, fmt, canWrite, resend, update, setMessage],
  );

  const total = deliveries.data?.total ?? 0;
  return (
    <div id="delivery-log" className="scroll-mt-4">
      <Card
        title={t("webhooks.log")}
        actions={
          canWrite ? (
            <Button
              variant="secondary"
              disabled={resendAll.isPending || total === 0}
              onClick={() => window.confirm(t("webhooks.confirmResendMatching")) && resendAll.mutate()}
            >
              {t("webhooks.resendMatching")}
            </Button>
          ) : null
        }
      >
        <div className="space-y-3">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-6">
            <FormField label={t("webhooks.endpointFilter")} htmlFor="filter-endpoint">
              <Select
                id="filter-endpoint"
                value={filter.endpoint ?? ""}
                onChange={(e) => update({ endpoint: e.target.value, page: null })}
              >
                <option value="">{t("webhooks.any")}</option>
                {(endpoints.data ?? []).map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.url}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label={t("webhooks.state")} htmlFor="filter-state">
              <Select
                id="filter-state"
                value={filter.state ?? ""}
                onChange={(e) => update({ state: e.target.value, page: null })}
              >
                <option value="">{t("webhooks.any")}</option>
                {DELIVERY_STATES.map((s) => (
                  <option key={s} value={s}>
                    {t(`webhooks.state.${s}`)}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label={t("webhooks.event")} htmlFor="filter-event">
              <Select
                id="filter-event"
                value={filter.event ?? ""}
                onChange={(e) => update({ event: e.target.value, page: null })}
              >
                <option value="">{t("webhooks.any")}</option>
                {WEBHOOK_EVENT_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {t(`enum.webhookEvent.${s}`)}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label={t("webhooks.from")} htmlFor="filter-from">
              <Input
                id="filter-from"
                type="date"
                value={filter.from ?? ""}
                onChange={(e) => update({ from: e.target.value, page: null })}
              />
            </FormField>
            <FormField label={t("webhooks.to")} htmlFor="filter-to">
              <Input
                id="filter-to"
                type="date"
                value={filter.to ?? ""}
                onChange={(e) => update({ to: e.target.value, page: null })}
              />
            </FormField>
            <FormField label={t("webhooks.urlContains")} htmlFor="filter-url">
              <Input
                id="filter-url"
                defaultValue={filter.url ?? ""}
                onKeyDown={(e) => e.key === "Enter" && update({ url: e.currentTarget.value, page: null })}
                onBlur={(e) => update({ url: e.currentTarget.value, page: null })}
              />
            </FormField>
          </div>
          {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
          {deliveries.error ? <QueryError error={deliveries.error} onRetry={() => void deliveries.refetch()} /> : null}
          <DataTable
            stacked
            columns={columns}
            data={deliveries.data?.items}
            loading={deliveries.isPending}
            testId="deliveries-table"
            rowTestId={(d) => `delivery-${d.id}`}
          />
          <div className="flex items-center justify-between text-sm text-slate-600">
            <span data-testid="deliveries-total">{deliveries.data ? t("webhooks.total", { n: total }) : null}</span>
            <div className="flex gap-2">
              <Button variant="secondary" disabled={page === 0} onClick={() => update({ page: page - 1 || null })}>
                {t("table.previous")}
              </Button>
              <Button
                variant="secondary"
                disabled={(page + 1) * LIMIT >= total}
                onClick={() => update({ page: page + 1 })}
              >
                {t("table.next")}
              </Button>
            </div>
          </div>
          {opened ? <DeliveryDetail storeId={storeId} id={opened} onClose={() => update({ delivery: null })} /> : null}
        </div>
      </Card>
    </div>
  );
}
