import Link from "next/link";
import type { CustomerView as View } from "@/lib/customers/get-customer";
import { getTranslator } from "@/lib/i18n/server";
import { Card } from "@/components/ui/card";
import { formatKoreanPhone } from "@/lib/phone";
import { RecordList } from "./record-list";

/**
 * What the merchant keeps, as the payments list shows it: paid minus refunded; a payment still
 * awaiting money its total (greyed); a failed one nothing, for nothing was paid.
 */
function netOf(p: View["payments"][number]): number {
  if (p.paid_amount > 0) return p.paid_amount - p.cancelled_amount;
  return p.status === "FAILED" ? 0 : p.total_amount;
}

const paymentHref = (id: string) => `/dashboard/payments/${encodeURIComponent(id)}`;

/** One customer of the store: contact, then payments, refunds, billing keys, schedules and receipts. */
export async function CustomerView({ view }: { view: View }) {
  const { t, format: fmt } = await getTranslator();
  const none = t("customers.none");
  const paid = view.payments.filter((p) => p.status === "PAID" || p.status === "PARTIAL_CANCELLED");
  const currency = view.payments[0]?.currency ?? "KRW";
  const paidTotal = paid
    .filter((p) => p.currency === currency)
    .reduce((s, p) => s + p.total_amount - p.cancelled_amount, 0);
  return (
    <div className="space-y-4">
      <Card title={t("customers.contact")}>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3" data-testid="customer-contact">
          <div>
            <dt className="text-slate-500">{t("detail.name")}</dt>
            <dd>{view.name ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("detail.email")}</dt>
            <dd className="break-all">{view.email ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("detail.phone")}</dt>
            <dd>{view.phone ? formatKoreanPhone(view.phone) : "—"}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-slate-700" data-testid="customer-summary">
          {t("customers.paid", { n: paid.length, amount: fmt.money(paidTotal, currency) })}
        </p>
      </Card>
      <RecordList
        title={t("customers.payments")}
        empty={none}
        rows={view.payments}
        testId="customer-payments"
        row={(p) => ({
          key: p.id,
          main: (
            <Link className="text-brand hover:underline" href={paymentHref(p.payment_id)}>
              {p.order_name}
            </Link>
          ),
          side: (
            <span className={p.paid_amount === 0 && p.status !== "FAILED" ? "text-slate-500" : ""}>
              {fmt.money(netOf(p), p.currency)}
            </span>
          ),
          meta: `${t(`enum.paymentStatus.${p.status}`)} · ${fmt.dateTime(p.requested_at)}`,
        })}
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <RecordList
          title={t("customers.refunds")}
          empty={none}
          rows={view.refunds}
          testId="customer-refunds"
          row={(r) => ({
            key: r.id,
            main: (
              <Link className="text-brand hover:underline" href={paymentHref(r.payment_id)}>
                {r.reason}
              </Link>
            ),
            side: fmt.money(r.cancel_amount, currency),
            meta: `${t(`enum.cancellationStatus.${r.status}`)} · ${fmt.dateTime(r.cancelled_at ?? r.requested_at)}`,
          })}
        />
        <RecordList
          title={t("customers.receipts")}
          empty={none}
          rows={view.receipts}
          testId="customer-receipts"
          row={(r) => ({
            key: r.id,
            main: (
              <Link className="text-brand hover:underline" href={`/receipts/${encodeURIComponent(r.receipt_token)}`}>
                {t(`receipts.type.${r.type}`)}
              </Link>
            ),
            side: fmt.money(r.amount, r.currency),
            meta: `${t(`enum.receiptStatus.${r.status}`)} · ${fmt.dateTime(r.issued_at)}`,
          })}
        />
        <RecordList
          title={t("customers.billingKeys")}
          empty={none}
          rows={view.billingKeys}
          testId="customer-billing-keys"
          row={(k) => ({
            key: k.id,
            main: (
              <Link className="text-brand hover:underline" href={`/dashboard/billing-keys/${encodeURIComponent(k.id)}`}>
                {k.card_number ?? t(`enum.method.${k.method}`)}
              </Link>
            ),
            side: t(`billing.status.${k.status}`),
            meta: fmt.dateTime(k.issued_at ?? k.requested_at),
          })}
        />
        <RecordList
          title={t("customers.schedules")}
          empty={none}
          rows={view.schedules}
          testId="customer-schedules"
          row={(s) => ({
            key: s.id,
            main: s.order_name,
            side: fmt.money(s.total_amount, s.currency),
            meta: `${t(`billing.status.${s.status}`)} · ${fmt.dateTime(s.scheduled_at)}`,
          })}
        />
      </div>
    </div>
  );
}
