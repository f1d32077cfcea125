import { cookies } from "next/headers";
import Link from "next/link";
import { Suspense } from "react";
import { GetStartedCard } from "@/components/overview/get-started-card";
import { KpiCard, ShareRow } from "@/components/overview/kpi-card";
import { VolumeChartLazy } from "@/components/overview/volume-chart-lazy";
import { ScrollBox } from "@/components/ui/scroll-box";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { listChannels } from "@/lib/channels/list-channels";
import { type DashboardContext, requireDashboard } from "@/lib/dashboard/context";
import { getOverview, type Money, type Overview } from "@/lib/dashboard/overview";
import { openCircuits } from "@/lib/routing/health";
import { OVERVIEW_RANGES, type OverviewRange } from "@/lib/dashboard/periods";
import { dismissedStores, GET_STARTED_COOKIE } from "@/lib/get-started/dismissal";
import { getStartedProgress } from "@/lib/get-started/progress";
import { declineLabel } from "@/lib/i18n/labels";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import { storeReconciliationCounts } from "@/lib/reconciliation/store-report";

export const generateMetadata = () => pageTitle("nav.overview");

const change = (now: number, before: number) => (before === 0 ? (now === 0 ? 0 : null) : (now - before) / before);

export default async function OverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await requireDashboard();
  const { t, format: fmt, timeZone } = await getTranslator();
  const params = await searchParams;
  const range: OverviewRange = (OVERVIEW_RANGES as readonly string[]).includes(String(params.range))
    ? (params.range as OverviewRange)
    : "7d";
  const channels = (await listChannels({ ctx, input: {} })).channels;
  const hasLive = channels.some((c) => c.type === "LIVE");
  const mode = params.mode === "test" || !hasLive ? "TEST" : "LIVE";
  const o = await getOverview({ ctx, input: { range, mode, timeZone } });
  const dismissed = dismissedStores((await cookies()).get(GET_STARTED_COOKIE)?.value).includes(ctx.storeId);
  const firstRun = dismissed ? null : await getStartedProgress({ ctx });
  const money = (m: Money) => fmt.money(m[o.currency] ?? 0, o.currency);
  const others = (m: Money) =>
    Object.entries(m)
      .filter(([c, v]) => c !== o.currency && v !== 0)
      .map(([c, v]) => fmt.money(v, c))
      .join(" · ");
  const vs = t(`overview.vs.${range}`);
  const href = (patch: Record<string, string>) =>
    `/dashboard?${new URLSearchParams({ range, ...(mode === "TEST" && hasLive ? { mode: "test" } : {}), ...patch }).toString()}`;
  const grossTotal = o.byMethod.reduce((s, r) => s + r.amount, 0) || 1;
  const declineTotal = o.declines.reduce((s, r) => s + r.count, 0) || 1;
  return (
    <div className="space-y-4">
      <PageHeader title={t("overview.title")}>
        <nav
          aria-label={t("overview.range")}
          className="flex overflow-hidden rounded-md border border-slate-300 bg-white text-sm"
        >
          {OVERVIEW_RANGES.map((r) => (
            <Link
              key={r}
              href={href({ range: r })}
              aria-current={r === range ? "page" : undefined}
              className={`px-3 py-1.5 ${r === range ? "bg-brand font-medium text-on-brand" : "hover:bg-slate-100"}`}
            >
              {t(`overview.range.${r}`)}
            </Link>
          ))}
        </nav>
      </PageHeader>
      {firstRun && !firstRun.complete ? <GetStartedCard progress={firstRun} /> : null}
      {/* A test-only store already carries the shell's TEST DATA banner; a live store says which data it shows. */}
      {hasLive ? (
        mode === "TEST" ? (
          <p
            role="note"
            className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800"
            data-testid="overview-test-note"
          >
            <strong className="mr-2 font-bold">{t("shell.testBadge")}</strong>
            {t("overview.testData")}{" "}
            <Link className="underline" href={href({ mode: "live" })}>
              {t("overview.showLive")}
            </Link>
          </p>
        ) : (
          <p className="text-sm">
            <Link className="text-brand underline" href={href({ mode: "test" })}>
              {t("overview.showTest")}
            </Link>
          </p>
        )
      ) : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <KpiCard
          testId="kpi-gross"
          label={t("overview.gross")}
          value={money(o.current.gross)}
          change={change(o.current.gross[o.currency] ?? 0, o.previous.gross[o.currency] ?? 0)}
          changeLabel={vs}
        />
        <KpiCard
          testId="kpi-net"
          label={t("overview.net")}
          value={money(o.current.net)}
          change={change(o.current.net[o.currency] ?? 0, o.previous.net[o.currency] ?? 0)}
          changeLabel={vs}
        />
        <KpiCard
          testId="kpi-count"
          label={t("overview.count")}
          value={fmt.number(o.current.paidCount)}
          change={change(o.current.paidCount, o.previous.paidCount)}
          changeLabel={vs}
        />
        <KpiCard
          testId="kpi-approval"
          label={t("overview.approval")}
          value={o.current.approvalRate === null ? "—" : fmt.percent(o.current.approvalRate)}
          change={
            o.current.approvalRate === null || o.previous.approvalRate === null
              ? null
              : o.current.approvalRate - o.previous.approvalRate
          }
          changeLabel={vs}
        />
      </div>
      {others(o.current.gross) ? (
        <p className="text-xs text-slate-500">{t("overview.otherCurrencies", { amounts: others(o.current.gross) })}</p>
      ) : null}
      <Card title={t("overview.chart.title", { currency: o.currency })}>
        <VolumeChartLazy series={o.series} currency={o.currency} hourly={range === "today"} />
      </Card>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card title={t("overview.byMethod")}>
          {o.byMethod.length === 0 ? (
            <p className="text-sm text-slate-500">{t("overview.noPayments")}</p>
          ) : (
            <ul className="space-y-2" data-testid="by-method">
              {o.byMethod.map((r) => (
                <ShareRow
                  key={r.key}
                  label={t(`enum.method.${r.key}`)}
                  value={fmt.money(r.amount, o.currency)}
                  share={r.amount / grossTotal}
                />
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("overview.byProvider")}>
          {o.byProvider.length === 0 ? (
            <p className="text-sm text-slate-500">{t("overview.noPayments")}</p>
          ) : (
            <ul className="space-y-2" data-testid="by-provider">
              {o.byProvider.map((r) => (
                <ShareRow
                  key={r.key}
                  label={t(`enum.pgProvider.${r.key}`)}
                  value={fmt.money(r.amount, o.currency)}
                  share={r.amount / grossTotal}
                />
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("overview.declines")}>
          {o.declines.length === 0 ? (
            <p className="text-sm text-slate-500">{t("overview.noDeclines")}</p>
          ) : (
            <ul className="space-y-2" data-testid="declines">
              {o.declines.map((r) => (
                <ShareRow
                  key={r.code}
                  label={declineLabel(t, r.code)}
                  value={fmt.number(r.count)}
                  share={r.count / declineTotal}
                />
              ))}
            </ul>
          )}
        </Card>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {/* The reconciliation report asks the providers for their files: the rest of the page does not wait for it. */}
        <Suspense
          fallback={
            <Card title={t("overview.attention")}>
              <p className="text-sm text-slate-500">{t("common.loading")}</p>
            </Card>
          }
        >
          <AttentionPanel ctx={ctx} attention={o.attention} />
        </Suspense>
        <Card title={t("overview.recentFailures")}>
          {o.recentFailures.length === 0 ? (
            <p className="text-sm text-slate-500">{t("overview.noDeclines")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" data-testid="recent-failures">
              {o.recentFailures.map((f) => (
                <li key={f.paymentId + f.at} className="py-1.5">
                  <Link
                    className="font-medium text-brand hover:underline"
                    href={`/dashboard/payments/${encodeURIComponent(f.paymentId)}`}
                  >
                    {f.orderName}
                  </Link>
                  <span className="block text-xs text-slate-500">
                    {fmt.money(f.amount, f.currency)} · {declineLabel(t, f.code)} · {fmt.dateTime(f.at)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("overview.failingEndpoints")}>
          {o.failingEndpoints.length === 0 ? (
            <p className="text-sm text-slate-500">{t("overview.noFailingEndpoints")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" data-testid="failing-endpoints">
              {o.failingEndpoints.map((e) => (
                <li key={e.url} className="py-1.5">
                  <Link
                    className="break-all text-brand hover:underline"
                    href={`/dashboard/webhooks?state=FAILED&url=${encodeURIComponent(e.url)}`}
                  >
                    {e.url}
                  </Link>
                  <span className="block text-xs text-slate-500">
                    {t("overview.failedDeliveries", { n: e.failed })} · {fmt.dateTime(e.lastAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <Card title={t("overview.channels")}>
        {channels.length === 0 ? (
          <EmptyState title={t("overview.noChannels")} />
        ) : (
          <ScrollBox label={t("overview.channels")}>
            <table className="min-w-full text-sm" data-testid="channels-table">
              <thead>
                <tr className="text-left text-slate-500">
                  <th className="py-1 pr-3 font-medium">{t("overview.provider")}</th>
                  <th className="py-1 pr-3 font-medium">{t("overview.type")}</th>
                  <th className="py-1 font-medium">{t("overview.channelKey")}</th>
                </tr>
              </thead>
              <tbody>
                {channels.map((c) => (
                  <tr key={c.id} className="border-t border-slate-100">
                    <td className="py-1 pr-3">{t(`enum.pgProvider.${c.pg_provider}`)}</td>
                    <td className="py-1 pr-3">{t(`enum.channelType.${c.type}`)}</td>
                    <td className="py-1 font-mono text-xs break-all">{c.key}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </Card>
    </div>
  );
}

/** "Needs attention": the reconciliation page's own counts (same verb, same report), failed webhooks and refused refunds. */
async function AttentionPanel({ ctx, attention }: { ctx: DashboardContext; attention: Overview["attention"] }) {
  const { t } = await getTranslator();
  const [money, circuits] = await Promise.all([storeReconciliationCounts({ ctx }), openCircuits({ ctx })]);
  const needs =
    money.mismatches +
    money.needsAttention +
    attention.failedWebhooks +
    attention.failedCancellations +
    circuits.length;
  return (
    <Card title={t("overview.attention")}>
      {needs === 0 ? (
        <p className="text-sm text-slate-500" data-testid="attention-none">
          {t("overview.attention.none")}
        </p>
      ) : (
        <ul className="space-y-2 text-sm" data-testid="attention">
          {circuits.length > 0 ? (
            <li data-testid="attention-circuits">
              <Link className="text-brand underline" href="/dashboard/channels">
                {t("overview.attention.circuits", {
                  n: circuits.length,
                  channels: circuits.map((c) => c.name).join(", "),
                })}
              </Link>
            </li>
          ) : null}
          {money.mismatches > 0 ? (
            <li>
              <Link className="text-brand underline" href="/dashboard/reconciliation">
                {t("overview.attention.mismatches", { n: money.mismatches })}
              </Link>
            </li>
          ) : null}
          {money.needsAttention > 0 ? (
            <li>
              <Link className="text-brand underline" href="/dashboard/reconciliation">
                {t("overview.attention.unsettled", { n: money.needsAttention })}
              </Link>
            </li>
          ) : null}
          {attention.failedWebhooks > 0 ? (
            <li>
              <Link className="text-brand underline" href="/dashboard/webhooks?state=FAILED">
                {t("overview.attention.webhooks", { n: attention.failedWebhooks })}
              </Link>
            </li>
          ) : null}
          {attention.failedCancellations > 0 ? (
            <li>{t("overview.attention.cancellations", { n: attention.failedCancellations })}</li>
          ) : null}
        </ul>
      )}
    </Card>
  );
}
