import { NoHostingContract } from "@/components/stores/no-contract";
import { pageTitle } from "@/lib/i18n/server";
import { requireDashboard } from "@/lib/dashboard/context";
import { StoresClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.stores");

export default async function StoresPage() {
  const ctx = await requireDashboard();
  if (!ctx.hasHostingContract) return <NoHostingContract />;
  return <StoresClient canCreate={ctx.role !== "VIEWER" && !ctx.storeLimited} />;
}
