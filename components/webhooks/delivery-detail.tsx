"use client";

import { useQuery } from "@tanstack/react-query";
import { listAttemptsAction } from "@/components/webhooks/actions";
import { useT, useFormat } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { unwrap } from "@/lib/dashboard/unwrap";
import type { DeliveryAttemptView } from "@/lib/webhooks/schema";
import { webhookKeys } from "./query-keys";

function Headers({ value }: { value: Record<string, string> }) {
  return (
    <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
      {Object.entries(value)
        .map(([k, v]) => `${k}: ${v}`)
        .join("\n")}
    </pre>
  );
}

function Attempt({ attempt }: { attempt: DeliveryAttemptView }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <div className="space-y-2 rounded border border-slate-200 p-3" data-testid="attempt">
      <p className="text-sm font-medium">
        #{attempt.execution} · {t(`webhooks.attemptStatus.${attempt.status}`)} · {fmt.dateTime(attempt.requestedAt)} ·{" "}
        <span className="font-mono text-xs">{attempt.id}</span>
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="space-y-1">
          <p className="text-xs font-semibold text-slate-600">{t("webhooks.request")}</p>
          <Headers value={attempt.requestHeader} />
          <pre
            className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs"
            data-testid="attempt-request-body"
          >
            {attempt.requestBody}
          </pre>
        </div>
        <div className="space-y-1">
          <p className="text-xs font-semibold text-slate-600">{t("webhooks.response")}</p>
          {attempt.responseCode !== null ? (
            <>
              <p className="text-sm" data-testid="attempt-response-code">
                HTTP {attempt.responseCode}
              </p>
              <Headers value={attempt.responseHeader ?? {}} />
              <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
                {attempt.responseBody}
              </pre>
            </>
          ) : (
            <p className="text-sm text-red-700">
              {t("webhooks.noResponse")}: {attempt.error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** Request and response of every attempt of one delivery. */
export function DeliveryDetail({ storeId, id, onClose }: { storeId: string; id: string; onClose: () => void }) {
  const t = useT();
  const attempts = useQuery({
    queryKey: webhookKeys.attempts(storeId, id),
    queryFn: async () => unwrap(await listAttemptsAction({ id })),
  });
  return (
    <section
      className="space-y-2 rounded-lg border border-slate-300 bg-white p-3"
      data-testid="delivery-detail"
      aria-label={t("webhooks.detail", { id })}
    >
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold">{t("webhooks.detail", { id })}</h3>
        <Button variant="ghost" onClick={onClose}>
          {t("webhooks.close")}
        </Button>
      </div>
      {(attempts.data ?? []).map((a) => (
        <Attempt key={a.id} attempt={a} />
      ))}
    </section>
  );
}
