import { NoHostingContract } from "@/components/stores/no-contract";
import { requireDashboard } from "@/lib/dashboard/context";
import { StoresClient } from "./page-client";

export default async function StoresPage() {
  const ctx = await requireDashboard();
  if (!ctx.hasHostingContract) return <NoHostingContract />;
  return <StoresClient canCreate={ctx.role !== "VIEWER" && !ctx.storeLimited} />;
}
