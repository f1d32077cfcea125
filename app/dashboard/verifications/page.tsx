import { requireDashboard } from "@/lib/dashboard/context";
import { pageTitle } from "@/lib/i18n/server";
import { VerificationsClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.verifications");

export default async function VerificationsPage() {
  const ctx = await requireDashboard();
  return <VerificationsClient canWrite={ctx.role !== "VIEWER"} />;
}
