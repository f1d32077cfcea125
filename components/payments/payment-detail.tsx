"use client";

import { useFormat, useT } from "@/components/i18n-provider";
import { ScrollBox } from "@/components/ui/scroll-box";
import { Card } from "@/components/ui/card";
import type { WirePayment, WireTransaction } from "@/lib/payments/serialize";
import { declineLabel } from "@/lib/i18n/labels";
import { Row } from "./detail-panels";
import { StatusBadge } from "./status-badge";

/** What is still cancellable on a transaction (paid minus cancelled, tax-free part capped by it). */
export function balancesOf(tx: WireTransaction) {
  const amount = tx.amount.paid - tx.amount.cancelled;
  return { amount, taxFree: Math.max(0, Math.min(tx.amount.tax_free - tx.amount.cancelled_tax_free, amount)) };
}

export function PaymentSummary({ tx }: { tx: WireTransaction }) {
  const t = useT();
  const fmt = useFormat();
  const money = (n: number) => fmt.money(n, tx.amount.currency);
  const balance = balancesOf(tx);
  const channel = tx.channel as { name?: string; pg_provider?: string; type?: string } | undefined;
  const receipt = tx.cash_receipt as { receipt_url?: string; issue_number?: string; status?: string } | undefined;
  return (
    <Card title={t("payments.detail.summary")}>
      <dl>
        <Row label={t("payments.status")} testId="payment-status">
          <StatusBadge status={tx.status} />
        </Row>
        <Row label={t("payments.orderName")}>{tx.order_name}</Row>
        <Row label={t("payments.method")}>{tx.method ? t(`enum.method.${tx.method}`) : "—"}</Row>
        <Row label={t("payments.channel")}>
          {channel?.pg_provider ? t(`enum.pgProvider.${channel.pg_provider}`) : "—"}{" "}
          {channel?.type ? `· ${t(`enum.channelType.${channel.type}`)}` : ""}
        </Row>
        <Row label={t("payments.detail.total")}>{money(tx.amount.total)}</Row>
        <Row label={t("payments.detail.taxFree")}>{money(tx.amount.tax_free)}</Row>
        <Row label={t("payments.detail.vat")}>{money(tx.amount.vat ?? 0)}</Row>
        <Row label={t("payments.detail.paid")} testId="amount-paid">
          {money(tx.amount.paid)}
        </Row>
        <Row label={t("payments.detail.cancelled")} testId="amount-cancelled">
          {money(tx.amount.cancelled)}
        </Row>
        <Row label={t("payments.detail.cancellable")} testId="amount-cancellable">
          {money(balance.amount)}
        </Row>
        <Row label={t("payments.requestedAt")}>{fmt.dateTime(tx.requested_at)}</Row>
        <Row label={t("payments.detail.paidAt")}>{fmt.dateTime(tx.paid_at)}</Row>
        <Row label={t("payments.detail.cancelledAt")}>{fmt.dateTime(tx.cancelled_at)}</Row>
        <Row label={t("detail.cashReceipt")}>
          {receipt?.receipt_url ? (
            <a
              className="text-brand hover:underline"
              href={receipt.receipt_url}
              target="_blank"
              rel="noreferrer"
              data-testid="receipt-link"
            >
              {t("detail.openReceipt", { number: receipt.issue_number ?? "" })}
            </a>
          ) : (
            "—"
          )}
        </Row>
      </dl>
    </Card>
  );
}

export function TransactionsCard({ payment }: { payment: WirePayment }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <Card title={t("payments.detail.transactions")}>
      <ScrollBox label={t("payments.detail.transactions")}>
        <table className="min-w-full text-sm" data-testid="transactions-table">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1 pr-3 font-medium whitespace-nowrap">{t("payments.detail.txId")}</th>
              <th className="pr-3 font-medium">{t("payments.status")}</th>
              <th className="pr-3 font-medium">{t("payments.amount")}</th>
              <th className="pr-3 font-medium">{t("payments.requestedAt")}</th>
              <th className="font-medium">{t("payments.detail.failure")}</th>
            </tr>
          </thead>
          <tbody>
            {[...payment.transactions].reverse().map((tx) => (
              <tr key={tx.id} id={`tx-${tx.id}`} className="border-t border-slate-100 target:bg-blue-50">
                <td className="py-1 pr-3 font-mono text-xs whitespace-nowrap">
                  {tx.id} {tx.is_primary ? <span className="text-brand">({t("payments.detail.primary")})</span> : null}
                </td>
                <td className="pr-3">
                  <StatusBadge status={tx.status} />
                </td>
                <td className="pr-3 tabular-nums whitespace-nowrap">
                  {fmt.money(tx.amount.total, tx.amount.currency)}
                </td>
                <td className="pr-3 whitespace-nowrap">{fmt.dateTime(tx.requested_at)}</td>
                <td className="text-red-700">
                  {tx.failure ? (
                    <>
                      {declineLabel(t, tx.failure.pg_code)}
                      <span className="block text-xs text-slate-500" data-raw>
                        {[tx.failure.pg_code, tx.failure.pg_message].filter(Boolean).join(": ")}
                      </span>
                    </>
                  ) : (
                    ""
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </Card>
  );
}

export function CancellationsCard({ tx }: { tx: WireTransaction }) {
  const t = useT();
  const fmt = useFormat();
  const list = tx.cancellations ?? [];
  return (
    <Card title={t("payments.detail.cancellations")}>
      {list.length === 0 ? (
        <p className="text-sm text-slate-500">{t("payments.detail.noCancellations")}</p>
      ) : (
        <ScrollBox label={t("payments.detail.cancellations")}>
          <table className="min-w-full text-sm" data-testid="cancellations-table">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-1 pr-3 font-medium">{t("payments.amount")}</th>
                <th className="pr-3 font-medium">{t("payments.detail.taxFree")}</th>
                <th className="pr-3 font-medium">{t("payments.status")}</th>
                <th className="pr-3 font-medium">{t("payments.detail.reason")}</th>
                <th className="font-medium">{t("payments.detail.cancelledAt")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.id} id={`cancellation-${c.id}`} className="border-t border-slate-100 target:bg-blue-50">
                  <td className="py-1 pr-3 tabular-nums whitespace-nowrap">
                    {fmt.money(c.cancel_amount, tx.amount.currency)}
                  </td>
                  <td className="pr-3 tabular-nums whitespace-nowrap">
                    {fmt.money(c.tax_free_amount, tx.amount.currency)}
                  </td>
                  <td className="pr-3">{t(`enum.cancellationStatus.${c.status}`)}</td>
                  <td className="pr-3 break-words">{c.reason}</td>
                  <td className="whitespace-nowrap">{fmt.dateTime(c.cancelled_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </Card>
  );
}
