"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { useFormat, useT } from "@/components/i18n-provider";
import { CancelPaymentForm } from "@/components/payments/cancel-form";
import { CashReceiptCard } from "@/components/payments/cash-receipt-card";
import { DetailPanels } from "@/components/payments/detail-panels";
import { balancesOf, CancellationsCard, PaymentSummary, TransactionsCard } from "@/components/payments/payment-detail";
import { primaryOf } from "@/components/payments/payments-table";
import { Timeline } from "@/components/payments/timeline";
import { Button } from "@/components/ui/button";
import { Alert, Card, EmptyState, PageHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useErrorMessage } from "@/components/ui/error-message";
import { QueryError } from "@/components/ui/query-error";
import { Skeleton } from "@/components/ui/skeleton";
import { unwrap } from "@/lib/dashboard/unwrap";
import {
  cancelPaymentAction,
  completeEscrowAction,
  getPaymentAction,
  issueReceiptForPaymentAction,
  registerEscrowAction,
  simulateDepositAction,
  voidVirtualAccountAction,
} from "@/components/payments/actions";

// Only escrow payments show the delivery form: it loads with them.
const EscrowDeliveryForm = dynamic(() => import("@/components/payments/escrow-form").then((m) => m.EscrowDeliveryForm));

export function PaymentDetailClient({
  paymentId,
  storeId,
  canWrite,
}: {
  paymentId: string;
  storeId: string;
  canWrite: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const [refundMode, setRefundMode] = useState<"full" | "partial">("full");
  const key = ["payment", storeId, paymentId];
  const detail = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await getPaymentAction({ payment_id: paymentId })),
    retry: false,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ["payments"] });
  };
  const vaAction = useMutation({
    mutationFn: async (kind: "deposit" | "void") =>
      unwrap(await (kind === "deposit" ? simulateDepositAction : voidVirtualAccountAction)({ payment_id: paymentId })),
    onSuccess: (_, kind) => {
      toast.success(kind === "deposit" ? t("payments.deposit.done") : t("payments.void.done"));
      refresh();
    },
    onError: (e) => {
      toast.error(errorText(e));
      refresh();
    },
  });

  const header = (
    <PageHeader title={paymentId}>
      <Link href="/dashboard/payments" className="text-sm text-brand hover:underline">
        {t("payments.detail.back")}
      </Link>
    </PageHeader>
  );
  if (detail.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        {header}
        <p className="sr-only">{t("common.loading")}</p>
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-80 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      </div>
    );
  }
  if (detail.error) {
    const missing = (detail.error as { code?: string }).code === "PAYMENT_NOT_FOUND";
    return (
      <div>
        {header}
        {missing ? (
          <EmptyState title={t("payments.detail.notFound")} />
        ) : (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </div>
    );
  }
  const { payment, timeline } = detail.data;
  const tx = primaryOf(payment);
  const balance = balancesOf(tx);
  const isTest = (tx.channel as { type?: string } | undefined)?.type === "TEST";
  return (
    <div className="space-y-4">
      {header}
      <div className="grid gap-4 lg:grid-cols-2">
        <PaymentSummary tx={tx} />
        <div className="min-w-0 space-y-4">
          {canWrite && (tx.status === "PAID" || tx.status === "PARTIAL_CANCELLED") ? (
            <CancelPaymentForm
              key={`${tx.status}-${balance.amount}`}
              paymentId={paymentId}
              currency={tx.amount.currency}
              balance={balance.amount}
              taxFreeBalance={balance.taxFree}
              cancel={cancelPaymentAction}
              onDone={refresh}
              mode={refundMode}
              onModeKept={setRefundMode}
            />
          ) : null}
          {canWrite && (tx.status === "PAID" || tx.status === "PARTIAL_CANCELLED") ? (
            <CashReceiptCard
              paymentId={paymentId}
              method={tx.method}
              currency={tx.amount.currency}
              balance={balance.amount}
              receipt={tx.cash_receipt as { status?: string; issue_number?: string; receipt_url?: string } | undefined}
              issue={issueReceiptForPaymentAction}
              onDone={refresh}
            />
          ) : null}
          {canWrite && tx.status === "VIRTUAL_ACCOUNT_ISSUED" ? (
            <Card title={t("payments.deposit.title")}>
              <div className="flex flex-wrap gap-2">
                {isTest ? (
                  <Button onClick={() => vaAction.mutate("deposit")} disabled={vaAction.isPending}>
                    {t("payments.deposit.simulate")}
                  </Button>
                ) : null}
                <ConfirmDialog
                  trigger={
                    <Button variant="danger" disabled={vaAction.isPending}>
                      {t("payments.void.submit")}
                    </Button>
                  }
                  title={t("payments.void.confirmTitle")}
                  body={
                    <p>{t("payments.void.confirmBody", { amount: fmt.money(tx.amount.total, tx.amount.currency) })}</p>
                  }
                  confirmLabel={t("payments.void.confirm")}
                  onConfirm={() => vaAction.mutate("void")}
                  pending={vaAction.isPending}
                />
              </div>
            </Card>
          ) : null}
          {canWrite &&
          tx.is_escrow &&
          (tx.status === "PAID" || tx.status === "PARTIAL_CANCELLED") &&
          (tx.escrow_detail as { status?: string } | undefined)?.status !== "COMPLETED" ? (
            <EscrowDeliveryForm
              paymentId={paymentId}
              register={registerEscrowAction}
              complete={completeEscrowAction}
              onDone={refresh}
            />
          ) : null}
          {!canWrite ? <Alert kind="info">{t("payments.viewerCannot")}</Alert> : null}
          <Timeline events={timeline} />
          <p className="text-sm">
            <Link
              className="text-brand hover:underline"
              href={`/dashboard/logs?payment=${encodeURIComponent(paymentId)}`}
              data-testid="payment-api-requests"
            >
              {t("payments.apiRequests")}
            </Link>
          </p>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <DetailPanels tx={tx} />
      </div>
      <TransactionsCard payment={payment} />
      <CancellationsCard tx={tx} />
      <p className="text-sm">
        <Link className="text-brand hover:underline" href="/dashboard/webhooks">
          {t("detail.allDeliveries")}
        </Link>
      </p>
    </div>
  );
}
