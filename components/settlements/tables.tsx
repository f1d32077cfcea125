import Link from "next/link";
import { ScrollBox } from "@/components/ui/scroll-box";
import type { WireSettlement } from "@/lib/settlements/query-schema";

type T = (key: string, vars?: Record<string, string | number>) => string;
type Money = (amount: number, currency: string) => string;
type Sums = {
  currency: string;
  count: number;
  gross: number;
  fee_total: number;
  vat_on_fees: number;
  net: number;
  status: string;
};

const cell = "px-3 py-2 whitespace-nowrap";
const num = `${cell} text-right tabular-nums`;
const head = "px-3 py-2 text-left font-medium text-slate-600 whitespace-nowrap";
const headNum = `${head} text-right`;

function SumCells({ row, money, t }: { row: Sums; money: Money; t: T }) {
  return (
    <>
      <td className={num}>{row.count}</td>
      <td className={num}>{money(row.gross, row.currency)}</td>
      <td className={num}>{money(row.fee_total, row.currency)}</td>
      <td className={num}>{money(row.vat_on_fees, row.currency)}</td>
      <td className={`${num} font-semibold`}>{money(row.net, row.currency)}</td>
      <td className={cell}>{t(`settlements.status.${row.status}`)}</td>
    </>
  );
}

function SumHeads({ t }: { t: T }) {
  return (
    <>
      <th className={headNum}>{t("settlements.count")}</th>
      <th className={headNum}>{t("settlements.gross")}</th>
      <th className={headNum}>{t("settlements.fees")}</th>
      <th className={headNum}>{t("settlements.vat")}</th>
      <th className={headNum}>{t("settlements.net")}</th>
      <th className={head}>{t("settlements.status")}</th>
    </>
  );
}

/** The day-by-day table: one row per payout date and currency, each linking to its drill-down. */
export function DayTable({
  rows,
  t,
  money,
  link,
  testId,
}: {
  rows: (Sums & { payout_on: string })[];
  t: T;
  money: Money;
  link: (date: string) => string;
  testId: string;
}) {
  return (
    <ScrollBox label={t("settlements.days")}>
      <table className="min-w-full text-sm" data-testid={testId}>
        <thead>
          <tr>
            <th className={head}>{t("settlements.payoutOn")}</th>
            <SumHeads t={t} />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.payout_on}-${r.currency}`} className="border-t border-slate-100">
              <td className={cell}>
                <Link className="text-brand underline" href={link(r.payout_on)}>
                  {r.payout_on}
                </Link>
              </td>
              <SumCells row={r} money={money} t={t} />
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** A hosting company's stores side by side over the same period. */
export function StoreTable({
  rows,
  names,
  t,
  money,
}: {
  rows: (Sums & { store_id: string })[];
  names: Map<string, string>;
  t: T;
  money: Money;
}) {
  return (
    <ScrollBox label={t("settlements.byStore")}>
      <table className="min-w-full text-sm" data-testid="store-sums">
        <thead>
          <tr>
            <th className={head}>{t("settlements.store")}</th>
            <SumHeads t={t} />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.store_id}-${r.currency}`} className="border-t border-slate-100">
              <td className={cell}>{names.get(r.store_id) ?? r.store_id}</td>
              <SumCells row={r} money={money} t={t} />
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** A payout's payments and refunds. */
export function PayoutRows({ rows, t, money }: { rows: WireSettlement[]; t: T; money: Money }) {
  return (
    <ScrollBox label={t("settlements.days")}>
      <table className="min-w-full text-sm" data-testid="payout-rows">
        <thead>
          <tr>
            <th className={head}>{t("settlements.type")}</th>
            <th className={head}>{t("settlements.payment")}</th>
            <th className={head}>{t("settlements.soldOn")}</th>
            <th className={head}>{t("settlements.channel")}</th>
            <th className={headNum}>{t("settlements.gross")}</th>
            <th className={headNum}>{t("settlements.fees")}</th>
            <th className={headNum}>{t("settlements.vat")}</th>
            <th className={headNum}>{t("settlements.net")}</th>
            <th className={head}>{t("settlements.status")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-slate-100">
              <td className={cell}>{t(`settlements.type.${r.type}`)}</td>
              <td className={cell}>
                {r.payment_id ? (
                  <Link
                    className="text-brand underline"
                    href={`/dashboard/payments/${encodeURIComponent(r.payment_id)}`}
                  >
                    {r.payment_id}
                  </Link>
                ) : (
                  (r.pg_key ?? "—")
                )}
              </td>
              <td className={cell}>{r.sold_on}</td>
              <td className={cell}>
                {r.pg_provider ? t(`enum.pgProvider.${r.pg_provider}`) : <span data-raw>{r.channel_key}</span>}
              </td>
              <td className={num}>{money(r.gross, r.currency)}</td>
              <td className={num}>{money(r.fee_total, r.currency)}</td>
              <td className={num}>{money(r.vat_on_fees, r.currency)}</td>
              <td className={`${num} font-semibold`}>{money(r.net, r.currency)}</td>
              <td className={cell}>{t(`settlements.status.${r.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
