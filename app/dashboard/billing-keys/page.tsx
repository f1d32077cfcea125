import { Suspense } from "react";
import { requireDashboard } from "@/lib/dashboard/context";
import { BillingKeysClient } from "./page-client";

export default async function BillingKeysPage() {
  const ctx = await requireDashboard();
  return (
    <Suspense>
      <BillingKeysClient canWrite={ctx.role !== "VIEWER"} />
    </Suspense>
  );
}
