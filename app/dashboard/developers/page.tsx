import { requireDashboard } from "@/lib/dashboard/context";
import { DevelopersClient } from "./page-client";

export default async function DevelopersPage() {
  const ctx = await requireDashboard();
  return <DevelopersClient canWrite={ctx.role !== "VIEWER"} />;
}
