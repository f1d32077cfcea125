"use client";

import { useFieldError } from "@/components/ui/error-message";
import { useErrorNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { identityChannelsAction, sendVerificationAction } from "@/components/identity/actions";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { FormCard } from "@/components/ui/form-card";
import { ChannelSelect } from "@/components/channels/channel-select";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { dashboardSendInput, identityOperator, type DashboardSendInput } from "@/lib/identity/schema";

function newVerificationId(): string {
  return `iv-dash-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** "Send test verification": sends, then continues on the verification's page (code entry). */
export function SendVerificationForm() {
  const t = useT();
  const errorText = useErrorMessage();
  const router = useRouter();
  const [error, setError] = useErrorNotice();
  const channels = useQuery({
    queryKey: ["identity-channels"],
    queryFn: async () => unwrap(await identityChannelsAction({})),
  });
  const [initialId] = useState(newVerificationId);
  const firstChannel = channels.data?.[0]?.key ?? "";
  // Re-seeded once the channels arrive; fields the user already typed in are kept.
  const values = useMemo<DashboardSendInput>(
    () => ({
      id: initialId,
      channelKey: firstChannel,
      customer: { name: "", phoneNumber: "", identityNumber: "" },
      operator: "SKT",
      method: "SMS",
    }),
    [initialId, firstChannel],
  );
  const form = useForm<DashboardSendInput>({
    resolver: zodResolver(dashboardSendInput),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const method = form.watch("method");
  const send = useMutation({
    mutationFn: async (values: DashboardSendInput) => unwrap(await sendVerificationAction(values)),
    onSuccess: ({ id }) => router.push(`/dashboard/verifications/${encodeURIComponent(id)}`),
    onError: (e: Error) => setError(errorText(e)),
  });
  const errors = form.formState.errors;
  const fieldError = useFieldError();

  if (channels.data && channels.data.length === 0) return <Alert kind="info">{t("identity.noChannel")}</Alert>;
  return (
    <FormCard
      title={t("identity.send")}
      notice={error}
      onSubmit={form.handleSubmit((v) => {
        setError(null);
        send.mutate(v);
      })}
    >
      <FormField label={t("identity.id")} htmlFor="iv-id" error={fieldError(errors.id)}>
        <Input id="iv-id" {...form.register("id")} />
      </FormField>
      <ChannelSelect
        id="iv-channel"
        label={t("identity.channel")}
        error={fieldError(errors.channelKey)}
        channels={channels.data}
        registration={form.register("channelKey")}
      />
      <FormField label={t("identity.method")} htmlFor="iv-method">
        <Select id="iv-method" {...form.register("method")}>
          <option value="SMS">{t("enum.identityMethod.SMS")}</option>
          <option value="APP">{t("enum.identityMethod.APP")}</option>
        </Select>
      </FormField>
      <FormField label={t("identity.name")} htmlFor="iv-name" error={fieldError(errors.customer?.name)}>
        <Input id="iv-name" {...form.register("customer.name")} aria-invalid={!!errors.customer?.name} />
      </FormField>
      <FormField label={t("identity.phone")} htmlFor="iv-phone" error={fieldError(errors.customer?.phoneNumber)}>
        <Input
          id="iv-phone"
          inputMode="numeric"
          placeholder="01012345678"
          {...form.register("customer.phoneNumber")}
          aria-invalid={!!errors.customer?.phoneNumber}
        />
      </FormField>
      <FormField label={t("identity.operator")} htmlFor="iv-operator">
        <Select id="iv-operator" {...form.register("operator")}>
          {identityOperator.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      </FormField>
      {method === "SMS" ? (
        <FormField
          label={t("identity.identityNumber")}
          htmlFor="iv-rrn"
          hint={t("identity.identityNumberHint")}
          error={fieldError(errors.customer?.identityNumber)}
        >
          <Input
            id="iv-rrn"
            inputMode="numeric"
            autoComplete="off"
            maxLength={7}
            placeholder="9001011"
            {...form.register("customer.identityNumber")}
            aria-invalid={!!errors.customer?.identityNumber}
          />
        </FormField>
      ) : null}
      <div className="flex items-end">
        <Button type="submit" disabled={send.isPending || !channels.data}>
          {t("identity.sendSubmit")}
        </Button>
      </div>
    </FormCard>
  );
}
