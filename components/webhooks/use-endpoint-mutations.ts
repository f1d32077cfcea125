"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useT } from "@/components/i18n-provider";
import { useErrorMessage } from "@/components/ui/error-message";
import { unwrap } from "@/lib/dashboard/unwrap";
import {
  deleteEndpointAction,
  rotateEndpointSecretAction,
  sendEndpointTestAction,
  updateEndpointAction,
} from "./actions";
import { webhookKeys } from "./query-keys";

/** An endpoint row's actions; each refreshes the list and the delivery log. */
export function useEndpointMutations(storeId: string, onSecret: (s: { url: string; secret: string }) => void) {
  const t = useT();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(storeId) });
    void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(storeId) });
  };
  const onError = (e: Error) => toast.error(errorText(e));
  const toggle = useMutation({
    mutationFn: async (v: { id: string; enabled: boolean }) => unwrap(await updateEndpointAction(v)),
    onSuccess: () => {
      toast.success(t("webhooks.updated"));
      refresh();
    },
    onError,
  });
  const rotate = useMutation({
    mutationFn: async (v: { id: string; overlapHours: number }) => unwrap(await rotateEndpointSecretAction(v)),
    onSuccess: (r) => {
      onSecret({ url: r.endpoint.url, secret: r.secret });
      refresh();
    },
    onError,
  });
  const test = useMutation({
    mutationFn: async (id: string) => unwrap(await sendEndpointTestAction({ id })),
    onSuccess: (r, id) => {
      const status = r.attempt?.status ?? "PENDING";
      const url = queryClient
        .getQueryData<{ id: string; url: string }[]>(webhookKeys.endpoints(storeId))
        ?.find((e) => e.id === id)?.url;
      const text = t("webhooks.testSent", {
        url: url ?? "",
        status: t(`webhooks.attemptStatus.${status}`),
        code: r.attempt?.responseCode ?? r.attempt?.error ?? "",
      });
      if (status === "SUCCEEDED" || status === "PENDING") toast.success(text);
      else toast.error(text);
      refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => unwrap(await deleteEndpointAction({ id })),
    onSuccess: () => {
      toast.success(t("webhooks.deleted"));
      refresh();
    },
    onError,
  });
  return { toggle, rotate, test, remove, refresh };
}
export type EndpointMutations = ReturnType<typeof useEndpointMutations>;
