import { requireDashboard } from "@/lib/dashboard/context";
import { pageTitle } from "@/lib/i18n/server";
import { DevelopersClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.developers");

export default async function DevelopersPage() {
  const ctx = await requireDashboard();
  return <DevelopersClient canWrite={ctx.role !== "VIEWER"} />;
}
