"use client";

import { useFieldError } from "@/components/ui/error-message";
import { useNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { saveUrlAction, getSettingsAction, rotateSecretAction, sendTestAction } from "@/components/webhooks/actions";
import { useT, useFormat } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { webhookUrlInput, type WebhookUrlInput } from "@/lib/webhooks/schema";
import { webhookKeys } from "./query-keys";

const OVERLAPS = [0, 1, 24, 72];

/** Store webhook URL, signing secret (show, rotate with overlap) and a test event. */
export function SettingsCard({ canWrite, storeId }: { canWrite: boolean; storeId: string }) {
  const t = useT();
  const fieldError = useFieldError();
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
  const form = useForm<WebhookUrlInput>({ resolver: zodResolver(webhookUrlInput), defaultValues: { url: "" } });
  const { reset, getFieldState } = form;
  // Loaded (or re-fetched) settings fill the field, but never over what the user is typing: the
  // effect runs after paint, so the field's live dirty state is read here, not a render's snapshot.
  useEffect(() => {
    if (settings.data && !getFieldState("url").isDirty)
      reset({ url: settings.data.url ?? "" }, { keepDirtyValues: true });
  }, [settings.data, reset, getFieldState]);

  const onError = (e: Error) => setMessage({ kind: "error", text: errorText(e) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: webhookKeys.settings(storeId) });
    void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(storeId) });
  };
  const save = useMutation({
    mutationFn: async (v: WebhookUrlInput) => unwrap(await saveUrlAction(v)),
    onSuccess: (saved) => {
      reset({ url: saved.url ?? "" });
      setMessage({ kind: "success", text: t("webhooks.saved") });
      refresh();
    },
    onError,
  });
  const rotate = useMutation({
    mutationFn: async () => unwrap(await rotateSecretAction({ overlapHours: overlap })),
    onSuccess: refresh,
    onError,
  });
  const test = useMutation({
    mutationFn: async () => unwrap(await sendTestAction({})),
    onSuccess: (r) => {
      setMessage(
        r.attempt
          ? {
              kind: r.attempt.status === "SUCCEEDED" ? "success" : "error",
              text: t("webhooks.testResult", {
                status: t(`webhooks.attemptStatus.${r.attempt.status}`),
                code: r.attempt.responseCode ?? r.attempt.error ?? "",
              }),
            }
          : { kind: "info", text: t("webhooks.testPending") },
      );
      refresh();
    },
    onError,
  });

  const data = settings.data;
  return (
    <Card title={t("webhooks.settings")}>
      <div className="space-y-4">
        {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
        <form
          className="flex flex-wrap items-end gap-3"
          noValidate
          onSubmit={form.handleSubmit((v) => {
            setMessage(null);
            save.mutate(v);
          })}
        >
          <div className="min-w-0 flex-1 basis-72">
            <FormField
              label={t("webhooks.url")}
              htmlFor="webhook-url"
              hint={t("webhooks.urlHint")}
              error={fieldError(form.formState.errors.url)}
            >
              <Input
                id="webhook-url"
                placeholder="https://example.com/webhooks"
                disabled={!canWrite || !settings.data}
                {...form.register("url")}
                aria-invalid={!!form.formState.errors.url}
              />
            </FormField>
          </div>
          {canWrite ? (
            <Button type="submit" disabled={save.isPending}>
              {t("webhooks.save")}
            </Button>
          ) : null}
          {canWrite ? (
            <Button
              type="button"
              variant="secondary"
              disabled={test.isPending || !data?.url}
              onClick={() => {
                setMessage(null);
                test.mutate();
              }}
            >
              {t("webhooks.sendTest")}
            </Button>
          ) : null}
        </form>
        {data?.secret ? (
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-700">{t("webhooks.secret")}</p>
            <div className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-slate-100 px-2 py-1 text-xs" data-testid="webhook-secret">
                {showSecret ? data.secret : `whsec_${"•".repeat(24)}`}
              </code>
              <Button type="button" variant="ghost" onClick={() => setShowSecret((s) => !s)}>
                {showSecret ? t("webhooks.hide") : t("webhooks.show")}
              </Button>
            </div>
            <p className="text-xs text-slate-500">{t("webhooks.secretHint")}</p>
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
