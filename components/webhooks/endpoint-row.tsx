"use client";

import { useState } from "react";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/input";
import type { EndpointView } from "@/lib/webhooks/endpoint-schema";
import { useFormat } from "@/components/i18n-provider";
import { EndpointForm, type EndpointFormValue } from "./endpoint-form";
import type { EndpointMutations } from "./use-endpoint-mutations";

const OVERLAPS = [0, 1, 24, 72];

/** One endpoint: address, events and state, with its actions (wrapping into stacked rows on a phone). */
export function EndpointRow({
  endpoint,
  canWrite,
  mutations,
  onSave,
  onShowDeliveries,
}: {
  endpoint: EndpointView;
  canWrite: boolean;
  mutations: EndpointMutations;
  onSave: (id: string, value: EndpointFormValue) => Promise<void>;
  onShowDeliveries: (id: string) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const [editing, setEditing] = useState(false);
  const [overlap, setOverlap] = useState(24);
  const events =
    endpoint.events === "all"
      ? t("webhooks.allEventsShort")
      : endpoint.events.map((e) => t(`enum.webhookEvent.${e}`)).join(", ");
  return (
    <li className="space-y-2 py-3" data-testid={`endpoint-${endpoint.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-64 space-y-0.5">
          <p className="break-all font-mono text-sm text-slate-900" data-testid="endpoint-url">
            {endpoint.url}
          </p>
          {endpoint.description ? <p className="text-sm text-slate-600">{endpoint.description}</p> : null}
          <p className="text-xs text-slate-600">
            <span className="font-medium">{t("webhooks.events")}:</span>{" "}
            <span data-testid="endpoint-events">{events}</span>
          </p>
          {endpoint.previousSecretExpiresAt ? (
            <p className="text-xs text-slate-600">
              {t("webhooks.previousUntil", { at: fmt.dateTime(endpoint.previousSecretExpiresAt) })}
            </p>
          ) : null}
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${endpoint.enabled ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}
          data-testid="endpoint-state"
        >
          {endpoint.enabled ? t("webhooks.enabled") : t("webhooks.disabled")}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="ghost" onClick={() => onShowDeliveries(endpoint.id)}>
          {t("webhooks.showDeliveries")}
        </Button>
        {canWrite ? (
          <>
            <Button
              type="button"
              variant="secondary"
              disabled={mutations.test.isPending}
              onClick={() => mutations.test.mutate(endpoint.id)}
            >
              {t("webhooks.sendTest")}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing((e) => !e)}>
              {t("webhooks.edit")}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={mutations.toggle.isPending}
              onClick={() => mutations.toggle.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
            >
              {endpoint.enabled ? t("webhooks.disable") : t("webhooks.enable")}
            </Button>
            <ConfirmDialog
              trigger={<Button variant="secondary">{t("webhooks.rotate")}</Button>}
              title={t("webhooks.rotateTitle")}
              body={
                <div className="space-y-3">
                  <p className="break-all">{t("webhooks.rotateBody", { url: endpoint.url })}</p>
                  <FormField label={t("webhooks.overlap")} htmlFor={`overlap-${endpoint.id}`}>
                    <Select
                      id={`overlap-${endpoint.id}`}
                      value={overlap}
                      onChange={(e) => setOverlap(Number(e.target.value))}
                    >
                      {OVERLAPS.map((h) => (
                        <option key={h} value={h}>
                          {h === 0 ? t("webhooks.noOverlap") : t("webhooks.hours", { n: h })}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                </div>
              }
              danger={false}
              confirmLabel={t("webhooks.rotate")}
              pending={mutations.rotate.isPending}
              onConfirm={() => mutations.rotate.mutate({ id: endpoint.id, overlapHours: overlap })}
            />
            <ConfirmDialog
              trigger={<Button variant="danger">{t("webhooks.delete")}</Button>}
              title={t("webhooks.confirmDeleteTitle")}
              body={<p className="break-all">{t("webhooks.confirmDeleteBody", { url: endpoint.url })}</p>}
              confirmLabel={t("webhooks.delete")}
              pending={mutations.remove.isPending}
              onConfirm={() => mutations.remove.mutate(endpoint.id)}
            />
          </>
        ) : null}
      </div>
      {editing ? (
        <div className="rounded-md border border-slate-200 p-3">
          <EndpointForm
            idPrefix={`edit-${endpoint.id}`}
            initial={{ url: endpoint.url, description: endpoint.description ?? undefined, events: endpoint.events }}
            submitLabel={t("webhooks.saveEndpoint")}
            onCancel={() => setEditing(false)}
            onSubmit={async (value) => {
              await onSave(endpoint.id, value);
              setEditing(false);
            }}
          />
        </div>
      ) : null}
    </li>
  );
}
