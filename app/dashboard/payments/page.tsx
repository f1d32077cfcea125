import { Suspense } from "react";
import { requireDashboard } from "@/lib/dashboard/context";
import { PaymentsClient } from "./page-client";

export default async function PaymentsPage() {
  const ctx = await requireDashboard();
  return (
    <Suspense>
      <PaymentsClient storeId={ctx.storeId} />
    </Suspense>
  );
}
