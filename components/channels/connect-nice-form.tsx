"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useErrorMessage } from "@/components/ui/error-message";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type ConnectNiceChannelInput, connectNiceChannelInput } from "@/lib/channels/live-schema";
import { unwrap } from "@/lib/dashboard/unwrap";
import { connectNiceChannelAction } from "./actions";

const EMPTY: ConnectNiceChannelInput = { name: "NICE Payments", clientKey: "", secretKey: "" };

/** Connects a LIVE NICE Payments channel: client key and secret key, sealed, tested at once, never shown again. */
export function ConnectNiceForm({ onDone, onError }: { onDone: () => void; onError: (message: string) => void }) {
  const t = useT();
  const errorText = useErrorMessage();
  const form = useForm<ConnectNiceChannelInput>({
    resolver: zodResolver(connectNiceChannelInput),
    defaultValues: EMPTY,
  });
  const connect = useMutation({
    mutationFn: async (values: ConnectNiceChannelInput) => unwrap(await connectNiceChannelAction(values)),
    onSuccess: (view) => {
      form.reset(EMPTY);
      toast[view.testedAt ? "success" : "error"](
        t(view.testedAt ? "channels.connectedToast" : "channels.testFailedToast"),
      );
      onDone();
    },
    onError: (e: Error) => onError(errorText(e)),
  });
  const fieldError = (name: keyof ConnectNiceChannelInput) =>
    form.formState.errors[name] ? t(`channels.nice.invalid.${name}`) : undefined;
  return (
    <Card title={t("channels.connectNice")}>
      <p className="mb-3 text-sm text-slate-600">{t("channels.nice.hint")}</p>
      <form className="grid gap-3 sm:grid-cols-3" noValidate onSubmit={form.handleSubmit((v) => connect.mutate(v))}>
        <FormField label={t("channels.name")} htmlFor="nice-name" error={fieldError("name")}>
          <Input id="nice-name" {...form.register("name")} aria-invalid={!!form.formState.errors.name} />
        </FormField>
        <FormField label={t("channels.nice.clientKey")} htmlFor="nice-client-key" error={fieldError("clientKey")}>
          <Input
            id="nice-client-key"
            autoComplete="off"
            {...form.register("clientKey")}
            aria-invalid={!!form.formState.errors.clientKey}
          />
        </FormField>
        <FormField label={t("channels.secretKey")} htmlFor="nice-secret-key" error={fieldError("secretKey")}>
          <Input
            id="nice-secret-key"
            type="password"
            autoComplete="off"
            {...form.register("secretKey")}
            aria-invalid={!!form.formState.errors.secretKey}
          />
        </FormField>
        <div className="sm:col-span-3">
          <Button type="submit" disabled={connect.isPending}>
            {t("channels.connect")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
