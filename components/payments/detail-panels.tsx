"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { useFormat, useT } from "@/components/i18n-provider";
import { Card } from "@/components/ui/card";
import type { WireTransaction } from "@/lib/payments/serialize";
import { prettyJson } from "@/lib/pretty-json";
import { formatKoreanPhone } from "@/lib/phone";

export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-b border-slate-100 py-1.5 text-sm last:border-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right tabular-nums break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

type CardDetail = {
  detail?: {
    brand?: string;
    number?: string;
    card_type?: string;
    issuer?: string;
    publisher?: string;
    card_owner_type?: string;
  };
  number?: string;
  approval_number?: string;
  installment?: { month: number; is_interest_free: boolean };
};
type VaDetail = {
  bank_code?: string;
  account_number?: string;
  account_type?: string;
  remittee_name?: string;
  remitter_name?: string;
  expired_at?: string;
  issued_at?: string;
};
type Customer = {
  id?: string;
  name?: string;
  email?: string;
  phone_number?: string;
  one_line_address?: string;
  zipcode?: string;
};
type Escrow = { company?: string; invoice_number?: string; status?: string; sent_at?: string; applied_at?: string };

/** Customer, card, virtual account and escrow as labelled rows (the raw provider answer stays folded away). */
export function DetailPanels({ tx }: { tx: WireTransaction }) {
  const t = useT();
  const fmt = useFormat();
  const customer = (tx.customer ?? {}) as Customer;
  const method = (tx.payment_method_detail ?? {}) as { card?: CardDetail; virtual_account?: VaDetail };
  const escrow = tx.escrow_detail as Escrow | undefined;
  const dash = (v: ReactNode) => (v === undefined || v === null || v === "" ? "—" : v);
  return (
    <>
      <Card title={t("payments.detail.customer")}>
        <dl data-testid="customer-panel">
          <Row label={t("detail.name")}>{dash(customer.name)}</Row>
          <Row label={t("detail.email")}>{dash(customer.email)}</Row>
          <Row label={t("detail.phone")} testId="customer-phone">
            {dash(customer.phone_number && formatKoreanPhone(customer.phone_number))}
          </Row>
          <Row label={t("detail.customerId")}>
            {customer.id ? (
              <Link
                className="break-all text-brand hover:underline"
                href={`/dashboard/customers/${encodeURIComponent(customer.id)}`}
                data-testid="customer-link"
              >
                {customer.id}
              </Link>
            ) : (
              "—"
            )}
          </Row>
          {customer.one_line_address ? (
            <Row label={t("detail.address")}>
              {[customer.zipcode, customer.one_line_address].filter(Boolean).join(" ")}
            </Row>
          ) : null}
        </dl>
      </Card>
      {method.card ? (
        <Card title={t("detail.card")}>
          <dl id="method-detail" data-testid="card-panel">
            <Row label={t("detail.cardNumber")}>
              <span className="font-mono">{dash(method.card.number ?? method.card.detail?.number)}</span>
            </Row>
            <Row label={t("detail.brand")}>{dash(method.card.detail?.brand)}</Row>
            <Row label={t("detail.issuer")}>{dash(method.card.detail?.issuer)}</Row>
            <Row label={t("detail.approvalNumber")}>{dash(method.card.approval_number)}</Row>
            <Row label={t("detail.installment")}>
              {method.card.installment ? t("detail.months", { n: method.card.installment.month }) : t("detail.lumpSum")}
            </Row>
          </dl>
        </Card>
      ) : null}
      {method.virtual_account ? (
        <Card title={t("detail.virtualAccount")}>
          <dl id="method-detail" data-testid="va-panel">
            <Row label={t("detail.bank")}>
              {method.virtual_account.bank_code ? t(`enum.bank.${method.virtual_account.bank_code}`) : "—"}
            </Row>
            <Row label={t("detail.accountNumber")}>
              <span className="font-mono">{dash(method.virtual_account.account_number)}</span>
            </Row>
            <Row label={t("detail.remittee")}>{dash(method.virtual_account.remittee_name)}</Row>
            <Row label={t("detail.issuedAt")}>{fmt.dateTime(method.virtual_account.issued_at)}</Row>
            <Row label={t("detail.expiresAt")}>{fmt.dateTime(method.virtual_account.expired_at)}</Row>
          </dl>
        </Card>
      ) : null}
      {tx.is_escrow ? (
        <Card title={t("payments.detail.escrow")}>
          {escrow ? (
            <dl id="escrow" data-testid="escrow-panel">
              <Row label={t("detail.escrowStatus")}>
                {escrow.status ? t(`enum.escrowStatus.${escrow.status}`) : "—"}
              </Row>
              <Row label={t("detail.courier")}>{escrow.company ? t(`enum.escrowCompany.${escrow.company}`) : "—"}</Row>
              <Row label={t("detail.invoice")}>{dash(escrow.invoice_number)}</Row>
              <Row label={t("detail.sentAt")}>{fmt.dateTime(escrow.sent_at)}</Row>
            </dl>
          ) : (
            <p id="escrow" className="text-sm text-slate-500">
              {t("payments.detail.noEscrow")}
            </p>
          )}
        </Card>
      ) : null}
      {tx.pg_response ? (
        <details className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <summary className="cursor-pointer font-medium">{t("payments.detail.rawResponse")}</summary>
          <pre className="mt-2 max-h-72 overflow-auto rounded bg-slate-50 p-2 text-xs">
            {prettyJson(tx.pg_response)}
          </pre>
        </details>
      ) : null}
    </>
  );
}
