"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Card, EmptyState } from "@/components/ui/card";
import { QueryError } from "@/components/ui/query-error";
import { unwrap } from "@/lib/dashboard/unwrap";
import { createEndpointAction, listEndpointsAction, updateEndpointAction } from "./actions";
import { EndpointForm, type EndpointFormValue } from "./endpoint-form";
import { EndpointRow } from "./endpoint-row";
import { webhookKeys } from "./query-keys";
import { SecretReveal } from "./secret-reveal";
import { useEndpointMutations } from "./use-endpoint-mutations";
import { useLogParams } from "./use-log-params";

/** The store's webhook endpoints: list, add (secret shown once), edit, disable, rotate, test, delete. */
export function EndpointsCard({ canWrite, storeId }: { canWrite: boolean; storeId: string }) {
  const t = useT();
  const { update } = useLogParams();
  const [adding, setAdding] = useState(false);
  const [revealed, setRevealed] = useState<{ url: string; secret: string } | null>(null);
  const endpoints = useQuery({
    queryKey: webhookKeys.endpoints(storeId),
    queryFn: async () => unwrap(await listEndpointsAction({})),
  });
  const mutations = useEndpointMutations(storeId, setRevealed);
  const create = async (value: EndpointFormValue) => {
    const created = unwrap(await createEndpointAction(value));
    setAdding(false);
    setRevealed({ url: created.endpoint.url, secret: created.secret });
    toast.success(t("webhooks.created"));
    mutations.refresh();
  };
  const save = async (id: string, value: EndpointFormValue) => {
    unwrap(await updateEndpointAction({ id, ...value, description: value.description ?? "" }));
    toast.success(t("webhooks.updated"));
    mutations.refresh();
  };
  const showDeliveries = (id: string) => {
    update({ endpoint: id, page: null });
    document.getElementById("delivery-log")?.scrollIntoView({ block: "start" });
  };
  const list = endpoints.data;
  return (
    <Card
      title={t("webhooks.endpoints")}
      actions={
        canWrite && !adding ? (
          <Button type="button" onClick={() => setAdding(true)}>
            {t("webhooks.addEndpoint")}
          </Button>
        ) : null
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{t("webhooks.endpointsHint")}</p>
        {revealed ? <SecretReveal {...revealed} onDone={() => setRevealed(null)} /> : null}
        {adding ? (
          <div className="rounded-md border border-slate-200 p-3">
            <EndpointForm
              idPrefix="new-endpoint"
              submitLabel={t("webhooks.create")}
              onSubmit={create}
              onCancel={() => setAdding(false)}
            />
          </div>
        ) : null}
        {endpoints.error ? <QueryError error={endpoints.error} onRetry={() => void endpoints.refetch()} /> : null}
        {list && list.length === 0 && !adding ? (
          <EmptyState title={t("webhooks.noEndpoints")} body={t("webhooks.noEndpointsBody")} />
        ) : null}
        {list && list.length > 0 ? (
          <ul className="divide-y divide-slate-100" data-testid="endpoints">
            {list.map((e) => (
              <EndpointRow
                key={e.id}
                endpoint={e}
                canWrite={canWrite}
                mutations={mutations}
                onSave={save}
                onShowDeliveries={showDeliveries}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}
