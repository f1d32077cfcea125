import { Suspense } from "react";
import { listChannels } from "@/lib/channels/list-channels";
import { requireDashboard } from "@/lib/dashboard/context";
import { pageTitle } from "@/lib/i18n/server";
import { PaymentsClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.payments");

export default async function PaymentsPage() {
  const ctx = await requireDashboard();
  const { channels } = await listChannels({ ctx, input: { purpose: "payment" } });
  const testChannels = channels.filter((c) => c.type === "TEST");
  return (
    <Suspense>
      <PaymentsClient storeId={ctx.storeId} canWrite={ctx.role !== "VIEWER"} testChannels={testChannels} stores={ctx.stores.map((s) => ({ id: s.id, name: s.name }))} storeLimited={ctx.storeLimited} />
    </Suspense>
  );
}
