import { Suspense } from "react";
import { pageTitle } from "@/lib/i18n/server";
import { requireDashboard } from "@/lib/dashboard/context";
import { BillingKeysClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.billingKeys");

export default async function BillingKeysPage() {
  const ctx = await requireDashboard();
  return (
    <Suspense>
      <BillingKeysClient canWrite={ctx.role !== "VIEWER"} />
    </Suspense>
  );
}
