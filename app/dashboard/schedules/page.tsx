import { Suspense } from "react";
import { pageTitle } from "@/lib/i18n/server";
import { requireDashboard } from "@/lib/dashboard/context";
import { SchedulesClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.schedules");

export default async function SchedulesPage() {
  const ctx = await requireDashboard();
  return (
    <Suspense>
      <SchedulesClient canWrite={ctx.role !== "VIEWER"} />
    </Suspense>
  );
}
