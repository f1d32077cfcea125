"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { GroupChannel } from "@/lib/routing/groups";
import { type ChannelGroupInput, channelGroupInput } from "@/lib/routing/schema";
import { RoutingPreview } from "./routing-preview";
import { RuleEditor } from "./rule-editor";
import { TargetsEditor } from "./targets-editor";

/** Creates or edits a channel group: name, default channels with weights, rules in order, and a preview. */
export function GroupForm({
  groupKey,
  initial,
  channels,
  pending,
  onSubmit,
  onCancel,
}: {
  groupKey?: string;
  initial: ChannelGroupInput;
  channels: GroupChannel[];
  pending: boolean;
  onSubmit: (values: ChannelGroupInput) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const form = useForm<ChannelGroupInput>({ resolver: zodResolver(channelGroupInput), defaultValues: initial });
  const { errors } = form.formState;
  const rules = useFieldArray({ control: form.control, name: "rules" });
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      data-testid="group-form"
      aria-label={t(groupKey ? "routing.form.editTitle" : "routing.form.newTitle")}
    >
      <FormField
        label={t("routing.form.name")}
        htmlFor="group-name"
        error={errors.name ? t("routing.invalid.name") : undefined}
      >
        <Input id="group-name" {...form.register("name")} aria-invalid={!!errors.name} />
      </FormField>
      <TargetsEditor
        control={form.control}
        register={form.register}
        path="targets"
        channels={channels}
        error={errors.targets ? t("routing.invalid.targets") : undefined}
      />
      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-800">{t("routing.form.rules")}</h3>
        <p className="text-xs text-slate-500">{t("routing.form.rulesHint")}</p>
        {rules.fields.map((field, i) => (
          <RuleEditor
            key={field.id}
            index={i}
            control={form.control}
            register={form.register}
            errors={errors}
            channels={channels}
            onRemove={() => rules.remove(i)}
          />
        ))}
        <Button
          type="button"
          variant="secondary"
          disabled={rules.fields.length >= 20}
          onClick={() => rules.append({ name: "", targets: [{ channel_key: channels[0]?.key ?? "", weight: 1 }] })}
        >
          {t("routing.form.addRule")}
        </Button>
      </section>
      <RoutingPreview groupKey={groupKey} values={() => form.getValues()} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {t(groupKey ? "routing.form.save" : "routing.form.create")}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("routing.form.cancel")}
        </Button>
      </div>
    </form>
  );
}
