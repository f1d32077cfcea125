import Link from "next/link";
import { notFound } from "next/navigation";
import { Card, PageHeader } from "@/components/ui/card";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import { getRequestLogEntry } from "@/lib/request-log/get-request-log-entry";
import { prettyJson } from "@/lib/pretty-json";

export const generateMetadata = () => pageTitle("nav.requestLog");

/** One request with its redacted bodies; another merchant's (or store's, for a limited login) id is not found. */
export default async function RequestLogEntryPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireDashboard();
  const { id } = await params;
  const entry = id.length <= 200 ? await getRequestLogEntry({ ctx, input: { id } }) : null;
  if (!entry) notFound();
  const { t, format } = await getTranslator();
  const facts: [string, string][] = [
    [t("logs.time"), format.dateTime(entry.createdAt)],
    [t("logs.status"), String(entry.status)],
    [t("logs.latency"), t("logs.ms", { ms: entry.latencyMs })],
    [t("logs.key"), entry.key ? `${entry.key.name} (${entry.key.prefix}…)` : "—"],
    [t("logs.requestId"), entry.requestId],
    [t("logs.idempotencyKey"), entry.idempotencyKey ?? "—"],
  ];
  return (
    <div className="space-y-4">
      <PageHeader title={`${entry.method} ${entry.path}`} />
      {entry.paymentId ? (
        <Link
          className="text-sm text-brand underline"
          href={`/dashboard/payments/${encodeURIComponent(entry.paymentId)}`}
        >
          {entry.paymentId}
        </Link>
      ) : null}
      <Card>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="request-facts">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-500">{k}</dt>
              <dd className="break-all">{v}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {(
        [
          ["logs.requestBody", entry.requestBody],
          ["logs.responseBody", entry.responseBody],
        ] as const
      ).map(([key, body]) => (
        <Card key={key} title={t(key)}>
          <pre
            className="max-h-96 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all"
            data-testid={key}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the body scrolls; keyboard users must be able to focus it to scroll (WCAG 2.1.1).
            tabIndex={0}
          >
            {body === null ? t("logs.noBody") : prettyJson(body)}
          </pre>
        </Card>
      ))}
    </div>
  );
}
