"use client";

import { useErrorNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useT, useFormat } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { Input, Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import type { ApplicationView } from "@/lib/onboarding/serialize";
import type { ApplicationStatus, ContractStatus } from "@/lib/onboarding/schema";
import { APPLICATION_TRANSITIONS, CONTRACT_TRANSITIONS, HAPPY_PATH } from "@/lib/onboarding/status";
import { advanceApplicationAction, advanceContractAction } from "@/components/stores/actions";
import { formatDuration } from "@/lib/stores/form-messages";

/** An application or contract status in the reader's words (data-status keeps the value). */
export function StatusBadge({
  status,
  kind = "applicationStatus",
}: {
  status: string;
  kind?: "applicationStatus" | "contractStatus";
}) {
  const t = useT();
  const color =
    status === "SERVICE_OPEN" || status === "DONE"
      ? "bg-green-100 text-green-800"
      : /CANCEL|REJECT|CLOSED|TERMINATED/.test(status)
        ? "bg-red-100 text-red-800"
        : "bg-slate-100 text-slate-700";
  return (
    <span data-status={status} className={`rounded px-2 py-0.5 text-xs font-medium ${color}`}>
      {t(`enum.${kind}.${status}`)}
    </span>
  );
}

/** One application: status, contract, credentials, sandbox controls and history. */
export function ApplicationCard({
  app,
  canWrite,
  highlight = false,
}: {
  app: ApplicationView;
  canWrite: boolean;
  highlight?: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const [error, setError] = useErrorNotice();
  const [target, setTarget] = useState<string>("");
  const [reason, setReason] = useState("");
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["applications", app.store_id] });
    void queryClient.invalidateQueries({ queryKey: ["onboarding-board"] });
  };
  const move = useMutation({
    mutationFn: async (input: { status: ApplicationStatus; reason?: string }) =>
      unwrap(await advanceApplicationAction({ application_id: app.id, ...input })),
    onSuccess: () => {
      setTarget("");
      setReason("");
      setError(null);
      refresh();
    },
    onError: (e: Error) => setError(errorText(e)),
  });
  const moveContract = useMutation({
    mutationFn: async (status: ContractStatus) =>
      unwrap(await advanceContractAction({ application_id: app.id, status })),
    onSuccess: refresh,
    onError: (e: Error) => setError(errorText(e)),
  });
  const status = app.status as ApplicationStatus;
  const next = HAPPY_PATH[status];
  const moves = APPLICATION_TRANSITIONS[status];
  const contractMoves = app.contract_status ? CONTRACT_TRANSITIONS[app.contract_status as ContractStatus] : [];

  return (
    <div
      className={`space-y-2 rounded-md border p-3 ${highlight ? "border-brand ring-2 ring-blue-200" : "border-slate-200"}`}
      data-testid={`application-${app.id}`}
      id={`application-${app.id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{t(`enum.pgProvider.${app.pg_company}`)}</span>
        <StatusBadge status={app.status} />
        <span className="text-xs text-slate-500">
          {t("stores.apps.inStatus", { duration: formatDuration(t, Date.now() - Date.parse(app.status_changed_at)) })}
        </span>
      </div>
      <p className="text-xs text-slate-600">{app.methods.map((m) => t(`enum.methodType.${m}`)).join(", ")}</p>
      {app.contract_status ? (
        <p className="text-sm">
          {t("stores.apps.contract")}: <StatusBadge kind="contractStatus" status={app.contract_status} />
        </p>
      ) : null}
      {app.failed_reason ? (
        <p className="text-sm text-red-700">
          {t("stores.apps.failedReason")}: {app.failed_reason}
        </p>
      ) : null}
      {app.pg_credential ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs" data-testid="pg-credential">
          <dt className="col-span-2 font-medium">{t("stores.apps.credential")}</dt>
          {(["mid", "api_key", "client_key", "mert_key"] as const).map((k) => (
            <div key={k} className="contents">
              <dt className="text-slate-500">{k}</dt>
              <dd className="break-all font-mono">{app.pg_credential![k]}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {canWrite ? (
        <div className="space-y-2 rounded bg-amber-50 p-2">
          <p className="text-xs font-medium text-amber-800">{t("stores.sandbox.title")}</p>
          {moves.length === 0 ? <p className="text-xs text-slate-600">{t("stores.sandbox.final")}</p> : null}
          <div className="flex flex-wrap items-center gap-2">
            {next ? (
              <Button type="button" onClick={() => move.mutate({ status: next })} disabled={move.isPending}>
                {t("stores.sandbox.advance", { status: t(`enum.applicationStatus.${next}`) })}
              </Button>
            ) : null}
            {moves.length > 0 ? (
              <>
                <Select
                  aria-label={t("stores.sandbox.moveTo")}
                  className="w-56"
                  value={target}
                  onChange={(e) => setTarget(e.target.value)}
                >
                  <option value="">{t("stores.sandbox.moveTo")}</option>
                  {moves.map((m) => (
                    <option key={m} value={m}>
                      {t(`enum.applicationStatus.${m}`)}
                    </option>
                  ))}
                </Select>
                <Input
                  aria-label={t("stores.sandbox.reason")}
                  placeholder={t("stores.sandbox.reason")}
                  className="w-48"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
                <Button
                  type="button"
                  variant="secondary"
                  disabled={!target || move.isPending}
                  onClick={() => move.mutate({ status: target as ApplicationStatus, reason: reason || undefined })}
                >
                  {t("stores.sandbox.apply")}
                </Button>
              </>
            ) : null}
          </div>
          {contractMoves.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-xs text-slate-600">{t("stores.sandbox.contractMove")}:</span>
              {contractMoves.map((c) => (
                <Button
                  key={c}
                  type="button"
                  variant="secondary"
                  onClick={() => moveContract.mutate(c)}
                  disabled={moveContract.isPending}
                >
                  {t(`enum.contractStatus.${c}`)}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      <details>
        <summary className="cursor-pointer text-xs text-slate-600">{t("stores.apps.history")}</summary>
        <ol className="mt-1 space-y-0.5 text-xs" data-testid="application-history">
          {app.history.map((h) => (
            <li key={h.id}>
              <time dateTime={h.at}>{fmt.dateTime(h.at)}</time> ·{" "}
              {t(h.field === "status" ? "stores.apps.historyStatus" : "stores.apps.historyContract")}:{" "}
              {h.from ? t(`enum.${h.field === "status" ? "applicationStatus" : "contractStatus"}.${h.from}`) : "—"} →{" "}
              {t(`enum.${h.field === "status" ? "applicationStatus" : "contractStatus"}.${h.to}`)}
              {h.reason ? ` (${h.reason})` : ""}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
