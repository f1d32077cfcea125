import { requireDashboard } from "@/lib/dashboard/context";
import { BillingKeyDetailClient } from "./page-client";

export default async function BillingKeyDetailPage({ params }: { params: Promise<{ billingKey: string }> }) {
  const ctx = await requireDashboard();
  const { billingKey } = await params;
  return <BillingKeyDetailClient billingKey={decodeURIComponent(billingKey)} canWrite={ctx.role !== "VIEWER"} />;
}
