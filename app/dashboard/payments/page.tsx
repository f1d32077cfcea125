import { redirect } from "next/navigation";
import { Suspense } from "react";
import { listChannels } from "@/lib/channels/list-channels";
import { requireDashboard } from "@/lib/dashboard/context";
import { testChannelGroups } from "@/lib/routing/test-groups";
import { pageTitle } from "@/lib/i18n/server";
import { viewSearch } from "@/lib/saved-views/schema";
import { defaultView } from "@/lib/saved-views/get-default-view";
import { PaymentsClient } from "./page-client";

export const generateMetadata = () => pageTitle("nav.payments");

export default async function PaymentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await requireDashboard();
  // Opened bare (the menu), the list opens the user's default view, if they picked one.
  if (Object.keys(await searchParams).length === 0) {
    const view = await defaultView({ ctx });
    if (view) redirect(`/dashboard/payments?${viewSearch(view)}`);
  }
  const { channels } = await listChannels({ ctx, input: { purpose: "payment" } });
  const testChannels = channels.filter((c) => c.type === "TEST");
  const testGroups = ctx.role === "VIEWER" ? [] : await testChannelGroups({ ctx });
  return (
    <Suspense>
      <PaymentsClient
        storeId={ctx.storeId}
        canWrite={ctx.role !== "VIEWER"}
        testChannels={testChannels}
        testGroups={testGroups}
        stores={ctx.stores.map((s) => ({ id: s.id, name: s.name }))}
        storeLimited={ctx.storeLimited}
      />
    </Suspense>
  );
}
