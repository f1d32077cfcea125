import { notFound } from "next/navigation";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import { listOutbox } from "@/lib/mail/list-outbox";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";

export const generateMetadata = () => pageTitle("outbox.title");

/** Mail kept locally when no SMTP server is set. It holds live invitation links: team managers only. */
export default async function OutboxPage() {
  const ctx = await requireDashboard();
  if (ctx.storeLimited || ctx.role === "VIEWER") notFound();
  const { t, format } = await getTranslator();
  const mails = await listOutbox({ ctx });
  return (
    <div className="space-y-4">
      <PageHeader title={t("outbox.title")} />
      <p className="text-sm text-slate-600">{t("outbox.intro")}</p>
      {mails.length === 0 ? <EmptyState title={t("outbox.empty")} /> : null}
      <ul className="space-y-3" data-testid="outbox">
        {mails.map((m) => (
          <li key={m.id}>
            <Card title={m.subject}>
              <p className="text-xs text-slate-500">
                {t("outbox.to", { to: m.to })} · {format.dateTime(m.createdAt)}
              </p>
              <pre className="mt-2 whitespace-pre-wrap break-all text-sm">{m.text}</pre>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
