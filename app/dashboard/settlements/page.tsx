import Link from "next/link";
import { ReadReportsButton } from "@/components/settlements/read-reports-button";
import { DayTable, PayoutRows, StoreTable } from "@/components/settlements/tables";
import { TermsForms } from "@/components/settlements/terms-form";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { Input, Select } from "@/components/ui/input";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import { listContractTerms } from "@/lib/settlements/contract-terms";
import { settlementSummary } from "@/lib/settlements/dashboard-summary";
import { payoutRows } from "@/lib/settlements/payout-rows";
import { calendarDate } from "@/lib/settlements/query-schema";

export const generateMetadata = () => pageTitle("nav.settlements");

type Params = { from?: string; to?: string; all?: string; payout?: string };

const dateOf = (v: string | undefined) => (calendarDate.safeParse(v).success ? v : undefined);

/** Settlements of the current store (or, for a hosting company, of all its stores): next payouts, by day, drill-down, CSV. */
export default async function SettlementsPage({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams;
  const ctx = await requireDashboard();
  const { t, format } = await getTranslator();
  const canAll = ctx.hasHostingContract && !ctx.storeLimited && ctx.stores.length > 1;
  const all = canAll && params.all === "1";
  const summary = await settlementSummary({ ctx, input: { from: dateOf(params.from), to: dateOf(params.to), all } });
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ from: summary.from, to: summary.to, ...(all ? { all: "1" } : {}), ...extra })}`;
  const payout = dateOf(params.payout);
  const detail = payout ? await payoutRows({ ctx, input: { payout_on: payout, all } }) : null;
  const names = new Map(ctx.stores.map((s) => [s.id, s.name]));
  const canWrite = ctx.role !== "VIEWER";
  return (
    <div className="space-y-4">
      <PageHeader title={t("settlements.title")}>
        <a className="text-sm text-brand underline" href={`/dashboard/settlements/export${query({})}`} download>
          {t("settlements.csv")}
        </a>
      </PageHeader>
      <p className="text-sm text-slate-600">{t("settlements.intro")}</p>
      {canWrite ? <ReadReportsButton /> : null}
      <form
        method="get"
        className="grid items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm sm:grid-cols-4"
      >
        <label className="space-y-1">
          <span className="block font-medium text-slate-700">{t("settlements.from")}</span>
          <Input type="date" name="from" defaultValue={summary.from} />
        </label>
        <label className="space-y-1">
          <span className="block font-medium text-slate-700">{t("settlements.to")}</span>
          <Input type="date" name="to" defaultValue={summary.to} />
        </label>
        {canAll ? (
          <label className="space-y-1">
            <span className="block font-medium text-slate-700">{t("settlements.store")}</span>
            <Select name="all" defaultValue={all ? "1" : "0"}>
              <option value="0">{t("settlements.currentStore")}</option>
              <option value="1">{t("settlements.allStores")}</option>
            </Select>
          </label>
        ) : null}
        <div>
          <Button type="submit">{t("settlements.show")}</Button>
        </div>
      </form>
      <Card title={t("settlements.next")}>
        {summary.next.length === 0 ? (
          <p className="text-sm text-slate-500">{t("settlements.noNext")}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="next-payouts">
            {summary.next.map((d) => (
              <li key={`${d.payout_on}-${d.currency}`} className="rounded-lg border border-slate-200 p-3">
                <Link className="text-xs text-brand underline" href={query({ payout: d.payout_on })}>
                  {d.payout_on}
                </Link>
                <p className="text-lg font-semibold tabular-nums">{format.money(d.net, d.currency)}</p>
                <p className="text-xs text-slate-500">
                  {t("settlements.count")} {d.count} · {t(`settlements.status.${d.status}`)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {detail && payout ? (
        <Card
          title={t("settlements.detail", { date: payout })}
          actions={
            <Link className="text-sm text-brand underline" href={query({})}>
              {t("settlements.back")}
            </Link>
          }
        >
          <PayoutRows rows={detail.rows} t={t} money={format.money} />
        </Card>
      ) : null}
      <Card title={t("settlements.days")}>
        {summary.days.length === 0 ? (
          <p className="text-sm text-slate-500">{t("settlements.noDays")}</p>
        ) : (
          <DayTable
            rows={summary.days}
            t={t}
            money={format.money}
            link={(date) => query({ payout: date })}
            testId="day-table"
          />
        )}
      </Card>
      {summary.stores.length > 0 ? (
        <Card title={t("settlements.byStore")}>
          <StoreTable rows={summary.stores} names={names} t={t} money={format.money} />
        </Card>
      ) : null}
      {canWrite ? (
        <Card title={t("settlements.terms")}>
          <p className="mb-3 text-xs text-slate-500">{t("settlements.termsIntro")}</p>
          <TermsForms channels={await listContractTerms({ ctx })} />
        </Card>
      ) : null}
    </div>
  );
}
