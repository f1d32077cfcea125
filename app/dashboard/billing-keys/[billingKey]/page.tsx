import { requireDashboard } from "@/lib/dashboard/context";
import { safeTitle } from "@/lib/i18n/title";
import { getTranslator } from "@/lib/i18n/server";
import { BillingKeyDetailClient } from "./page-client";

export async function generateMetadata({ params }: { params: Promise<{ billingKey: string }> }) {
  const { t } = await getTranslator();
  return { title: `${t("billingKeys.key")} ${safeTitle((await params).billingKey)}` };
}

export default async function BillingKeyDetailPage({ params }: { params: Promise<{ billingKey: string }> }) {
  const ctx = await requireDashboard();
  const { billingKey } = await params;
  return <BillingKeyDetailClient billingKey={decodeURIComponent(billingKey)} canWrite={ctx.role !== "VIEWER"} />;
}
