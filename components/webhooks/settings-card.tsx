"use client";

import { useNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { getSettingsAction, rotateSecretAction } from "@/components/webhooks/actions";
import { useT, useFormat } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { webhookKeys } from "./query-keys";

const OVERLAPS = [0, 1, 24, 72];

/** The store's own signing secret, for deliveries to a payment's notice_urls (show, rotate with overlap). */
export function SettingsCard({ canWrite, storeId }: { canWrite: boolean; storeId: string }) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: webhookKeys.settings(storeId),
    queryFn: async () => unwrap(await getSettingsAction({})),
  });
  const [message, setMessage] = useNotice();
  const [showSecret, setShowSecret] = useState(false);
  const [overlap, setOverlap] = useState(24);
  const onError = (e: Error) => setMessage({ kind: "error", text: errorText(e) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: webhookKeys.settings(storeId) });
    void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(storeId) });
  };
  const rotate = useMutation({
    mutationFn: async () => unwrap(await rotateSecretAction({ overlapHours: overlap })),
    onSuccess: refresh,
    onError,
  });
  const data = settings.data;
  return (
    <Card title={t("webhooks.noticeSecret")}>
      <div className="space-y-4">
        {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
        {data?.secret ? (
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-slate-100 px-2 py-1 text-xs" data-testid="webhook-secret">
                {showSecret ? data.secret : `whsec_${"•".repeat(24)}`}
              </code>
              <Button type="button" variant="ghost" onClick={() => setShowSecret((s) => !s)}>
                {showSecret ? t("webhooks.hide") : t("webhooks.show")}
              </Button>
            </div>
            <p className="text-xs text-slate-500">{t("webhooks.noticeSecretHint")}</p>
            {data.previousSecretExpiresAt ? (
              <p className="text-xs text-slate-600" data-testid="previous-secret">
                {t("webhooks.previousUntil", { at: fmt.dateTime(data.previousSecretExpiresAt) })}
              </p>
            ) : null}
            {canWrite ? (
              <div className="flex flex-wrap items-end gap-2">
                <div className="w-56">
                  <FormField label={t("webhooks.overlap")} htmlFor="webhook-overlap">
                    <Select id="webhook-overlap" value={overlap} onChange={(e) => setOverlap(Number(e.target.value))}>
                      {OVERLAPS.map((h) => (
                        <option key={h} value={h}>
                          {h === 0 ? t("webhooks.noOverlap") : t("webhooks.hours", { n: h })}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                </div>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={rotate.isPending}
                  onClick={() => window.confirm(t("webhooks.confirmRotate")) && rotate.mutate()}
                >
                  {t("webhooks.rotate")}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
