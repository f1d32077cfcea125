import { Suspense } from "react";
import { listStoreChannels } from "@/lib/channels/repository";
import { requireDashboard } from "@/lib/dashboard/context";
import { pageTitle } from "@/lib/i18n/server";
import { PaymentsClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.payments");

export default async function PaymentsPage() {
  const ctx = await requireDashboard();
  const channels = await listStoreChannels(ctx.merchantId, ctx.storeId);
  const testChannels = channels.filter((c) => c.type === "TEST" && c.is_for_payment === 1).map((c) => ({ key: c.key, name: c.name, pg_provider: c.pg_provider }));
  return (
    <Suspense>
      <PaymentsClient storeId={ctx.storeId} canWrite={ctx.role !== "VIEWER"} testChannels={testChannels} stores={ctx.stores.map((s) => ({ id: s.id, name: s.name }))} storeLimited={ctx.storeLimited} />
    </Suspense>
  );
}
