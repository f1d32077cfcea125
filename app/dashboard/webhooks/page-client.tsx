"use client";

import { useT } from "@/components/i18n-provider";
import { PageHeader } from "@/components/ui/card";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { EndpointsCard } from "@/components/webhooks/endpoints-card";
import { SettingsCard } from "@/components/webhooks/settings-card";

export function WebhooksClient({ canWrite, storeId }: { canWrite: boolean; storeId: string }) {
  const t = useT();
  return (
    <div className="space-y-4">
      <PageHeader title={t("webhooks.title")} />
      <EndpointsCard canWrite={canWrite} storeId={storeId} />
      <DeliveryLog canWrite={canWrite} storeId={storeId} />
      <SettingsCard canWrite={canWrite} storeId={storeId} />
    </div>
  );
}
