import { Card, PageHeader } from "@/components/ui/card";
import { listStoreChannels } from "@/lib/channels/repository";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator } from "@/lib/i18n/server";

export default async function OverviewPage() {
  const ctx = await requireDashboard();
  const { t } = await getTranslator();
  const channels = await listStoreChannels(ctx.merchantId, ctx.storeId);
  return (
    <div className="space-y-4">
      <PageHeader title={t("overview.title")} />
      <Card title={t("overview.channels")}>
        <table className="min-w-full text-sm" data-testid="channels-table">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1">{t("overview.provider")}</th>
              <th className="py-1">{t("overview.type")}</th>
              <th className="py-1">{t("overview.channelKey")}</th>
            </tr>
          </thead>
          <tbody>
            {channels.map((c) => (
              <tr key={c.id} className="border-t border-slate-100">
                <td className="py-1">{c.pg_provider}</td>
                <td className="py-1">{c.type}</td>
                <td className="py-1 font-mono text-xs">{c.key}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
