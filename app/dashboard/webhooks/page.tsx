import { requireDashboard } from "@/lib/dashboard/context";
import { WebhooksClient } from "./page-client";

export default async function WebhooksPage() {
  const ctx = await requireDashboard();
  return <WebhooksClient canWrite={ctx.role !== "VIEWER"} storeId={ctx.storeId} />;
}
