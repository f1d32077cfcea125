import { requireDashboard } from "@/lib/dashboard/context";
import { VerificationsClient } from "./page-client";

export default async function VerificationsPage() {
  const ctx = await requireDashboard();
  return <VerificationsClient canWrite={ctx.role !== "VIEWER"} />;
}
