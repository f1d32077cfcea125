import { Suspense } from "react";
import { requireDashboard } from "@/lib/dashboard/context";
import { SchedulesClient } from "./page-client";

export default async function SchedulesPage() {
  const ctx = await requireDashboard();
  return (
    <Suspense>
      <SchedulesClient canWrite={ctx.role !== "VIEWER"} />
    </Suspense>
  );
}
