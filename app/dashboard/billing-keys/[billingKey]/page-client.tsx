"use client";

import { ScrollBox } from "@/components/ui/scroll-box";
import { QueryError } from "@/components/ui/query-error";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { cardLabel } from "@/components/billing-keys/card-label";
import { StatusBadge } from "@/components/billing-keys/status-badge";
import { useT, useFormat } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { unwrap } from "@/lib/dashboard/unwrap";
import { billingKeyDetailAction } from "@/components/billing-keys/actions";

const paymentHref = (paymentId: string) => `/dashboard/payments/${encodeURIComponent(paymentId)}`;

// The delete dialog loads when a delete is asked for.
const DeleteKeyDialog = dynamic(
  () => import("@/components/billing-keys/delete-key-dialog").then((m) => m.DeleteKeyDialog),
  { ssr: false },
);

export function BillingKeyDetailClient({ billingKey, canWrite }: { billingKey: string; canWrite: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const detail = useQuery({
    queryKey: ["billing-key", billingKey],
    queryFn: async () => unwrap(await billingKeyDetailAction({ billing_key: billingKey })),
    // Keep following schedules that are about to run.
    refetchInterval: (q) =>
      q.state.data?.schedules.some(
        (s) => s.status === "STARTED" || (s.status === "SCHEDULED" && Date.parse(s.scheduled_at) < Date.now() + 60_000),
      )
        ? 1000
        : false,
  });
  if (detail.error) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  const data = detail.data;
  if (!data) return null;
  const { key } = data;
  const customer = key.customer as { id?: string; name?: string; email?: string };
  const channel = key.channel as { name?: string; pg_provider?: string };
  return (
    <div className="space-y-4">
      <Link href="/dashboard/billing-keys" className="text-sm text-brand hover:underline">
        {t("billingKeys.back")}
      </Link>
      <PageHeader title={t("billingKeys.key")}>
        {canWrite && key.status === "ISSUED" ? (
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t("billingKeys.delete")}
          </Button>
        ) : null}
      </PageHeader>
      <Card title={t("billingKeys.detail")}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm md:grid-cols-2" data-testid="billing-key-detail">
          <dt className="text-slate-500">{t("billingKeys.key")}</dt>
          <dd className="font-mono text-xs break-all">{key.billing_key}</dd>
          <dt className="text-slate-500">{t("billingKeys.status")}</dt>
          <dd>
            <StatusBadge status={key.status} />
          </dd>
          <dt className="text-slate-500">{t("billingKeys.card")}</dt>
          <dd>{cardLabel(key)}</dd>
          <dt className="text-slate-500">{t("billingKeys.customer")}</dt>
          <dd>{[customer.name, customer.id, customer.email].filter(Boolean).join(" · ")}</dd>
          <dt className="text-slate-500">{t("billingKeys.channelName")}</dt>
          <dd>{channel.name ?? channel.pg_provider}</dd>
          <dt className="text-slate-500">{t("billingKeys.issuedAt")}</dt>
          <dd>{key.issued_at ? fmt.dateTime(key.issued_at) : "—"}</dd>
          {key.deleted_at ? (
            <>
              <dt className="text-slate-500">{t("billingKeys.deletedAt")}</dt>
              <dd>{fmt.dateTime(key.deleted_at)}</dd>
            </>
          ) : null}
        </dl>
      </Card>
      <Card title={t("billingKeys.schedules")}>
        <ScrollBox label={t("billingKeys.schedules")}>
          <table className="min-w-full text-sm" data-testid="key-schedules-table">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-1">{t("schedules.scheduledAt")}</th>
                <th className="py-1">{t("schedules.status")}</th>
                <th className="py-1">{t("schedules.paymentId")}</th>
                <th className="py-1">{t("schedules.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {data.schedules.map((s) => (
                <tr key={s.id} className="border-t border-slate-100">
                  <td className="py-1">{fmt.dateTime(s.scheduled_at)}</td>
                  <td className="py-1">
                    <StatusBadge status={s.status} />
                  </td>
                  <td className="py-1">
                    {s.status === "COMPLETED" ? (
                      <Link className="text-brand hover:underline" href={paymentHref(s.payment_id)}>
                        {s.payment_id}
                      </Link>
                    ) : (
                      s.payment_id
                    )}
                  </td>
                  <td className="py-1">{fmt.money(s.total_amount, s.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </Card>
      <Card title={t("billingKeys.payments")}>
        <ScrollBox label={t("billingKeys.payments")}>
          <table className="min-w-full text-sm" data-testid="key-payments-table">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-1">{t("schedules.paymentId")}</th>
                <th className="py-1">{t("schedules.status")}</th>
                <th className="py-1">{t("schedules.orderName")}</th>
                <th className="py-1">{t("schedules.amount")}</th>
                <th className="py-1">{t("schedules.requestedAt")}</th>
              </tr>
            </thead>
            <tbody>
              {data.payments.map((p) => (
                <tr key={p.txId} className="border-t border-slate-100">
                  <td className="py-1">
                    <Link className="text-brand hover:underline" href={paymentHref(p.paymentId)}>
                      {p.paymentId}
                    </Link>
                  </td>
                  <td className="py-1">
                    <StatusBadge status={p.status} />
                  </td>
                  <td className="py-1">{p.orderName}</td>
                  <td className="py-1">{fmt.money(p.amount, p.currency)}</td>
                  <td className="py-1">{fmt.dateTime(p.requestedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </Card>
      {deleting ? (
        <DeleteKeyDialog
          billingKey={key.billing_key}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            void queryClient.invalidateQueries({ queryKey: ["billing-key", billingKey] });
          }}
        />
      ) : null}
    </div>
  );
}
