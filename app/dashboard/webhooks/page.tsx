import { requireDashboard } from "@/lib/dashboard/context";
import { pageTitle } from "@/lib/i18n/server";
import { WebhooksClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.webhooks");

export default async function WebhooksPage() {
  const ctx = await requireDashboard();
  return <WebhooksClient canWrite={ctx.role !== "VIEWER"} storeId={ctx.storeId} />;
}
