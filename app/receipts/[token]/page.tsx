import type { Metadata } from "next";
import type { ReactNode } from "react";
import { PrintButton } from "@/components/cash-receipts/print-button";
import { getPublicReceipt } from "@/lib/cash-receipts/get-public-receipt";
import { createFormatter } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/server";
import { splitVat } from "@/lib/payments/amounts";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("receipt.heading"), robots: { index: false, follow: false } };
}

function Line({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1 text-sm ${strong ? "font-semibold" : ""}`}>
      <span className="text-slate-500">{label}</span>
      <span className="text-right">{children}</span>
    </div>
  );
}

/** The public, printable receipt: reachable only through its unguessable link, no sign-in. */
export default async function ReceiptPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { t, locale } = await getTranslator();
  const receipt = await getPublicReceipt({ input: { token } });
  if (!receipt) {
    return (
      <main className="flex min-h-screen items-center justify-center p-6 text-slate-600">{t("receipt.notFound")}</main>
    );
  }
  // Korean time for every reader: the receipt is a Korean tax document (hours in 24-hour form).
  const format = createFormatter(locale, "Asia/Seoul");
  const money = (n: number) => format.money(n, receipt.currency);
  const { vat, supply } = splitVat(receipt.amount - (receipt.tax_free_amount ?? 0), null);
  return (
    <main className="mx-auto max-w-md p-6 print:p-0">
      <article
        className="rounded-lg border border-slate-300 bg-white p-6 shadow-sm print:border-0 print:shadow-none"
        data-testid="receipt"
      >
        <h1 className="mb-1 text-center text-xl font-bold">{t("receipt.heading")}</h1>
        <p className="mb-4 text-center text-sm text-slate-500">{t(`receipts.type.${receipt.type}`)}</p>
        {receipt.status === "CANCELLED" ? (
          <p className="mb-3 rounded bg-red-50 px-3 py-2 text-center text-sm font-medium text-red-700">
            {t("receipt.cancelledNote")}
          </p>
        ) : null}
        <Line label={t("receipt.merchant")}>{receipt.merchantName}</Line>
        <Line label={t("receipt.store")}>{receipt.storeName}</Line>
        <Line label={t("receipts.orderName")}>{receipt.order_name}</Line>
        <Line label={t("receipts.paymentId")}>{receipt.payment_id}</Line>
        <Line label={t("receipts.identifier")}>{receipt.customer_identifier}</Line>
        {receipt.customerName ? <Line label={t("receipts.customerName")}>{receipt.customerName}</Line> : null}
        <hr className="my-3 border-dashed" />
        <Line label={t("receipt.supply")}>{money(supply)}</Line>
        <Line label={t("receipt.vat")}>{money(vat)}</Line>
        <Line label={t("receipts.taxFree")}>{money(receipt.tax_free_amount ?? 0)}</Line>
        <Line label={t("receipt.total")} strong>
          {money(receipt.amount)}
        </Line>
        <hr className="my-3 border-dashed" />
        <Line label={t("receipts.issueNumber")}>
          <span data-testid="receipt-issue-number">{receipt.issue_number}</span>
        </Line>
        <Line label={t("receipts.status")}>{t(`enum.receiptStatus.${receipt.status}`)}</Line>
        <Line label={t("receipts.issuedAt")}>{format.dateTime(receipt.issued_at)}</Line>
        {receipt.cancelled_at ? (
          <Line label={t("receipts.cancelledAt")}>{format.dateTime(receipt.cancelled_at)}</Line>
        ) : null}
      </article>
      <div className="mt-4 text-center">
        <PrintButton label={t("receipt.print")} />
      </div>
    </main>
  );
}
