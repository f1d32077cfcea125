"use client";

import type { ReactNode } from "react";
import { useT } from "@/components/i18n-provider";
import { Card } from "@/components/ui/card";
import { formatMoney } from "@/lib/money";
import type { WirePayment, WireTransaction } from "@/lib/payments/serialize";
import { StatusBadge } from "./status-badge";

const when = (v: string | undefined) => (v ? new Date(v).toLocaleString() : "—");

/** What is still cancellable on a transaction (paid minus cancelled, tax-free part capped by it). */
export function balancesOf(tx: WireTransaction) {
  const amount = tx.amount.paid - tx.amount.cancelled;
  return { amount, taxFree: Math.max(0, Math.min(tx.amount.tax_free - tx.amount.cancelled_tax_free, amount)) };
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-1 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Json({ value }: { value: unknown }) {
  return <pre className="max-h-72 overflow-auto rounded bg-slate-50 p-2 text-xs">{typeof value === "string" ? value : JSON.stringify(value, null, 2)}</pre>;
}

function prettyResponse(text: string | undefined): string {
  if (!text) return "—";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function PaymentSummary({ tx }: { tx: WireTransaction }) {
  const t = useT();
  const money = (n: number) => formatMoney(n, tx.amount.currency);
  const balance = balancesOf(tx);
  return (
    <Card title={t("payments.detail.summary")}>
      <dl>
        <Row label={t("payments.status")} testId="payment-status">
          <StatusBadge status={tx.status} />
        </Row>
        <Row label={t("payments.orderName")}>{tx.order_name}</Row>
        <Row label={t("payments.method")}>{tx.method ?? "—"}</Row>
        <Row label={t("payments.channel")}>{(tx.channel as { name?: string; pg_provider?: string; type?: string } | undefined)?.pg_provider ?? "—"} {(tx.channel as { type?: string } | undefined)?.type ?? ""}</Row>
        <Row label={t("payments.detail.total")}>{money(tx.amount.total)}</Row>
        <Row label={t("payments.detail.taxFree")}>{money(tx.amount.tax_free)}</Row>
        <Row label={t("payments.detail.vat")}>{money(tx.amount.vat ?? 0)}</Row>
        <Row label={t("payments.detail.paid")} testId="amount-paid">{money(tx.amount.paid)}</Row>
        <Row label={t("payments.detail.cancelled")} testId="amount-cancelled">{money(tx.amount.cancelled)}</Row>
        <Row label={t("payments.detail.cancellable")} testId="amount-cancellable">{money(balance.amount)}</Row>
        <Row label={t("payments.requestedAt")}>{when(tx.requested_at)}</Row>
        <Row label={t("payments.detail.paidAt")}>{when(tx.paid_at)}</Row>
        <Row label={t("payments.detail.cancelledAt")}>{when(tx.cancelled_at)}</Row>
      </dl>
    </Card>
  );
}

export function TransactionsCard({ payment }: { payment: WirePayment }) {
  const t = useT();
  return (
    <Card title={t("payments.detail.transactions")}>
      <table className="min-w-full text-sm" data-testid="transactions-table">
        <thead>
          <tr className="text-left text-slate-500">
            <th className="py-1">{t("payments.detail.txId")}</th>
            <th>{t("payments.status")}</th>
            <th>{t("payments.amount")}</th>
            <th>{t("payments.requestedAt")}</th>
            <th>{t("payments.detail.failure")}</th>
          </tr>
        </thead>
        <tbody>
          {[...payment.transactions].reverse().map((tx) => (
            <tr key={tx.id} className="border-t border-slate-100">
              <td className="py-1 font-mono text-xs">
                {tx.id} {tx.is_primary ? <span className="text-brand">({t("payments.detail.primary")})</span> : null}
              </td>
              <td>
                <StatusBadge status={tx.status} />
              </td>
              <td className="tabular-nums">{formatMoney(tx.amount.total, tx.amount.currency)}</td>
              <td>{when(tx.requested_at)}</td>
              <td className="text-red-700">{tx.failure ? [tx.failure.pg_code, tx.failure.reason ?? tx.failure.pg_message].filter(Boolean).join(": ") : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

export function CancellationsCard({ tx }: { tx: WireTransaction }) {
  const t = useT();
  const list = tx.cancellations ?? [];
  return (
    <Card title={t("payments.detail.cancellations")}>
      {list.length === 0 ? (
        <p className="text-sm text-slate-500">{t("payments.detail.noCancellations")}</p>
      ) : (
        <table className="min-w-full text-sm" data-testid="cancellations-table">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1">{t("payments.amount")}</th>
              <th>{t("payments.detail.taxFree")}</th>
              <th>{t("payments.status")}</th>
              <th>{t("payments.detail.reason")}</th>
              <th>{t("payments.detail.cancelledAt")}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c.id} className="border-t border-slate-100">
                <td className="py-1 tabular-nums">{formatMoney(c.cancel_amount, tx.amount.currency)}</td>
                <td className="tabular-nums">{formatMoney(c.tax_free_amount, tx.amount.currency)}</td>
                <td>{c.status}</td>
                <td>{c.reason}</td>
                <td>{when(c.cancelled_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export function DetailsCards({ tx }: { tx: WireTransaction }) {
  const t = useT();
  return (
    <>
      <Card title={t("payments.detail.customer")}>
        <Json value={tx.customer ?? {}} />
      </Card>
      {tx.is_escrow ? (
        <Card title={t("payments.detail.escrow")}>{tx.escrow_detail ? <Json value={tx.escrow_detail} /> : <p className="text-sm text-slate-500">{t("payments.detail.noEscrow")}</p>}</Card>
      ) : null}
      <Card title={t("payments.detail.methodDetail")}>
        <Json value={tx.payment_method_detail ?? {}} />
      </Card>
      <Card title={t("payments.detail.rawResponse")}>
        <Json value={prettyResponse(tx.pg_response)} />
      </Card>
    </>
  );
}
