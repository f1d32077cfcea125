import { requireDashboard } from "@/lib/dashboard/context";
import { CashReceiptsClient } from "./page-client";

export default async function CashReceiptsPage() {
  const ctx = await requireDashboard();
  return <CashReceiptsClient canWrite={ctx.role !== "VIEWER"} />;
}
