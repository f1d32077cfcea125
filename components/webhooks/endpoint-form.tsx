"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { useErrorMessage, useFieldError } from "@/components/ui/error-message";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { ActionError } from "@/lib/dashboard/unwrap";
import { createEndpointInput, type CreateEndpointInput } from "@/lib/webhooks/endpoint-schema";
import { SUBSCRIBABLE_EVENTS } from "@/lib/webhooks/schema";

type Values = { url: string; description: string; all: boolean; events: string[] };
export type EndpointFormValue = { url: string; description?: string; events: CreateEndpointInput["events"] };

/** The reason the server refused an address, in the reader's language (lib/webhooks/address-policy.ts). */
export function useRefusalText() {
  const t = useT();
  const errorText = useErrorMessage();
  return (error: unknown): { field?: string; text: string } => {
    const e = error as ActionError;
    const reason = typeof e.params?.reason === "string" ? e.params.reason : undefined;
    if (e.field === "url" && reason) {
      const vars = { host: String(e.params?.host ?? ""), address: String(e.params?.address ?? "") };
      return { field: "url", text: t(`webhooks.refused.${reason}`, vars) };
    }
    return { text: errorText(error) };
  };
}

/**
 * An endpoint's address, description and events ("all", or a chosen list), checked with the same
 * schema as the action. `submit` throws the action's error; a refused address is shown at its field.
 */
export function EndpointForm({
  idPrefix,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  initial?: EndpointFormValue;
  submitLabel: string;
  onSubmit: (value: EndpointFormValue) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const refusalText = useRefusalText();
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  const form = useForm<Values>({
    defaultValues: {
      url: initial?.url ?? "",
      description: initial?.description ?? "",
      all: !initial || initial.events === "all",
      events: initial && initial.events !== "all" ? initial.events : [],
    },
  });
  const all = form.watch("all");
  const submit = form.handleSubmit(async (v) => {
    const input = { url: v.url, description: v.description || undefined, events: v.all ? "all" : v.events };
    const parsed = createEndpointInput.safeParse(input);
    if (!parsed.success) {
      const issue = (name: string) => parsed.error.issues.find((i) => i.path[0] === name);
      const u = issue("url");
      const ev = issue("events");
      setErrors({
        url: u ? fieldError({ message: u.message, type: u.code }) : undefined,
        events: ev ? fieldError({ message: ev.message, type: ev.code }) : undefined,
      });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const refused = refusalText(error);
      setErrors(refused.field === "url" ? { url: refused.text } : { form: refused.text });
    } finally {
      setPending(false);
    }
  });
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form className="space-y-3" noValidate onSubmit={submit} data-testid={`${idPrefix}-form`}>
      <FormField label={t("webhooks.endpointUrl")} htmlFor={id("url")} error={errors.url} required>
        <Input
          id={id("url")}
          placeholder="https://example.com/webhooks"
          aria-required
          aria-invalid={!!errors.url}
          {...form.register("url")}
        />
      </FormField>
      <FormField label={t("webhooks.description")} htmlFor={id("description")}>
        <Input id={id("description")} {...form.register("description")} />
      </FormField>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-700">{t("webhooks.events")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register("all")} /> {t("webhooks.allEvents")}
        </label>
        <div className="grid gap-1.5 pl-5 sm:grid-cols-2">
          {SUBSCRIBABLE_EVENTS.map((e) => (
            <label key={e} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={e} disabled={all} {...form.register("events")} />{" "}
              {t(`enum.webhookEvent.${e}`)}
            </label>
          ))}
        </div>
        {errors.events ? (
          <p role="alert" className="text-xs text-red-600" data-field-error={id("events")}>
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      {errors.form ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("webhooks.cancel")}
        </Button>
      </div>
    </form>
  );
}
