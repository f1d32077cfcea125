"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type ChangeChannelKeyInput, changeChannelKeyInput } from "@/lib/channels/live-schema";

/** Replaces a LIVE channel's secret key; the new key is tested at once (a failing one disables the channel). */
export function ChangeKeyForm({
  channelId,
  pending,
  onSubmit,
}: {
  channelId: string;
  pending: boolean;
  onSubmit: (values: ChangeChannelKeyInput, reset: () => void) => void;
}) {
  const t = useT();
  const form = useForm<ChangeChannelKeyInput>({
    resolver: zodResolver(changeChannelKeyInput),
    defaultValues: { channelId, secretKey: "" },
  });
  const id = `channel-new-secret-${channelId}`;
  return (
    <form
      className="flex w-full flex-wrap items-end gap-2"
      noValidate
      onSubmit={form.handleSubmit((v) => onSubmit(v, () => form.reset({ channelId, secretKey: "" })))}
    >
      <FormField
        label={t("channels.newSecretKey")}
        htmlFor={id}
        error={form.formState.errors.secretKey ? t("channels.invalid.secretKey") : undefined}
      >
        <Input
          id={id}
          type="password"
          autoComplete="off"
          {...form.register("secretKey")}
          aria-invalid={!!form.formState.errors.secretKey}
        />
      </FormField>
      <Button type="submit" variant="secondary" disabled={pending}>
        {t("channels.changeKey")}
      </Button>
    </form>
  );
}
