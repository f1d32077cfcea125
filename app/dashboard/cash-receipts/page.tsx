import { requireDashboard } from "@/lib/dashboard/context";
import { pageTitle } from "@/lib/i18n/server";
import { CashReceiptsClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.cashReceipts");

export default async function CashReceiptsPage() {
  const ctx = await requireDashboard();
  return <CashReceiptsClient canWrite={ctx.role !== "VIEWER"} />;
}
