"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useErrorMessage } from "@/components/ui/error-message";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { LiveChannelView } from "@/lib/channels/live-schema";
import { unwrap } from "@/lib/dashboard/unwrap";
import type { ActionResult } from "@/lib/dashboard/action";

export type ConnectField<T> = { name: Path<T> & keyof T; id: string; label: string; hint?: string; secret?: boolean };

/**
 * A LIVE channel's connect form (one per PG): its fields, sealed and tested at once by `action`,
 * the secret never shown again. A field's error reads `${invalidPrefix}.${name}`.
 */
export function ConnectChannelForm<T extends FieldValues>({
  title,
  hint,
  footer,
  schema,
  empty,
  fields,
  invalidPrefix,
  action,
  onDone,
  onError,
}: {
  title: string;
  hint: string;
  footer?: ReactNode;
  schema: z.ZodType<T, T>;
  empty: T;
  fields: ConnectField<T>[];
  invalidPrefix: string;
  action: (values: T) => Promise<ActionResult<LiveChannelView>>;
  onDone: () => void;
  onError: (message: string | null) => void;
}) {
  const t = useT();
  const errorText = useErrorMessage();
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues: empty as DefaultValues<T> });
  const connect = useMutation({
    mutationFn: async (values: T) => unwrap(await action(values)),
    onSuccess: (view) => {
      form.reset(empty);
      toast[view.testedAt ? "success" : "error"](
        t(view.testedAt ? "channels.connectedToast" : "channels.testFailedToast"),
      );
      onDone();
    },
    onError: (e: Error) => onError(errorText(e)),
  });
  const errors = form.formState.errors as Partial<Record<keyof T, unknown>>;
  return (
    <Card title={title}>
      <p className="mb-3 text-sm text-slate-600">{hint}</p>
      <form
        className="grid gap-3 sm:grid-cols-3"
        noValidate
        onSubmit={form.handleSubmit((v) => {
          onError(null);
          connect.mutate(v);
        })}
      >
        {fields.map((f) => (
          <FormField
            key={f.id}
            label={f.label}
            htmlFor={f.id}
            error={errors[f.name] ? t(`${invalidPrefix}.${String(f.name)}`) : undefined}
            hint={f.hint}
          >
            <Input
              id={f.id}
              {...(f.secret ? { type: "password" } : {})}
              {...(f.name === "name" ? {} : { autoComplete: "off" })}
              {...form.register(f.name)}
              aria-invalid={!!errors[f.name]}
            />
          </FormField>
        ))}
        <div className="sm:col-span-3">
          <Button type="submit" disabled={connect.isPending}>
            {t("channels.connect")}
          </Button>
        </div>
      </form>
      {footer}
    </Card>
  );
}
