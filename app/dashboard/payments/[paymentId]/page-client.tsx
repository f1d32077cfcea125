"use client";

import { useErrorMessage } from "@/components/ui/error-message";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useT } from "@/components/i18n-provider";
import { CancelPaymentForm } from "@/components/payments/cancel-form";
import { EscrowDeliveryForm } from "@/components/payments/escrow-form";
import { balancesOf, CancellationsCard, DetailsCards, PaymentSummary, TransactionsCard } from "@/components/payments/payment-detail";
import { primaryOf } from "@/components/payments/payments-table";
import { Button } from "@/components/ui/button";
import { Alert, Card, EmptyState, PageHeader } from "@/components/ui/card";
import { unwrap } from "@/lib/dashboard/unwrap";
import { cancelPaymentAction, completeEscrowAction, getPaymentAction, registerEscrowAction, simulateDepositAction, voidVirtualAccountAction } from "../actions";

export function PaymentDetailClient({ paymentId, storeId, canWrite }: { paymentId: string; storeId: string; canWrite: boolean }) {
  const t = useT();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const key = ["payment", storeId, paymentId];
  const payment = useQuery({ queryKey: key, queryFn: async () => unwrap(await getPaymentAction({ payment_id: paymentId })), retry: false });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ["payments"] });
  };
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const vaAction = useMutation({
    mutationFn: async (kind: "deposit" | "void") => unwrap(await (kind === "deposit" ? simulateDepositAction : voidVirtualAccountAction)({ payment_id: paymentId })),
    onSuccess: (_, kind) => {
      setMessage(kind === "deposit" ? { kind: "success", text: t("payments.deposit.done") } : null);
      refresh();
    },
    onError: (e: Error & { code?: string }) => setMessage({ kind: "error", text: errorText(e) }),
  });

  const header = (
    <PageHeader title={paymentId}>
      <Link href="/dashboard/payments" className="text-sm text-brand hover:underline">
        {t("payments.detail.back")}
      </Link>
    </PageHeader>
  );
  if (payment.isPending) return header;
  if (payment.error || !payment.data) {
    return (
      <div>
        {header}
        <EmptyState title={t("payments.detail.notFound")} />
      </div>
    );
  }
  const tx = primaryOf(payment.data);
  const balance = balancesOf(tx);
  const isTest = (tx.channel as { type?: string } | undefined)?.type === "TEST";
  return (
    <div className="space-y-4">
      {header}
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <PaymentSummary tx={tx} />
        <div className="space-y-4">
          {canWrite && (tx.status === "PAID" || tx.status === "PARTIAL_CANCELLED") ? (
            <CancelPaymentForm key={`${tx.status}-${balance.amount}`} paymentId={paymentId} currency={tx.amount.currency} balance={balance.amount} taxFreeBalance={balance.taxFree} cancel={cancelPaymentAction} onDone={refresh} />
          ) : null}
          {canWrite && tx.status === "VIRTUAL_ACCOUNT_ISSUED" ? (
            <Card title={t("payments.deposit.title")}>
              <div className="flex gap-2">
                {isTest ? (
                  <Button onClick={() => vaAction.mutate("deposit")} disabled={vaAction.isPending}>
                    {t("payments.deposit.simulate")}
                  </Button>
                ) : null}
                <Button variant="danger" onClick={() => vaAction.mutate("void")} disabled={vaAction.isPending}>
                  {t("payments.void.submit")}
                </Button>
              </div>
            </Card>
          ) : null}
          {canWrite && tx.is_escrow && (tx.status === "PAID" || tx.status === "PARTIAL_CANCELLED") && (tx.escrow_detail as { status?: string } | undefined)?.status !== "COMPLETED" ? (
            <EscrowDeliveryForm paymentId={paymentId} register={registerEscrowAction} complete={completeEscrowAction} onDone={refresh} />
          ) : null}
          {!canWrite ? <Alert kind="info">{t("payments.viewerCannot")}</Alert> : null}
        </div>
      </div>
      <TransactionsCard payment={payment.data} />
      <CancellationsCard tx={tx} />
      <DetailsCards tx={tx} />
    </div>
  );
}
