"use client";

import { type Control, type UseFormRegister, useFieldArray } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import type { GroupChannel } from "@/lib/routing/groups";
import type { ChannelGroupInput } from "@/lib/routing/schema";

type Path = "targets" | `rules.${number}.targets`;

/** An ordered list of channels with weights (the group's default, or a rule's). */
export function TargetsEditor({
  control,
  register,
  path,
  channels,
  error,
}: {
  control: Control<ChannelGroupInput>;
  register: UseFormRegister<ChannelGroupInput>;
  path: Path;
  channels: GroupChannel[];
  error?: string;
}) {
  const t = useT();
  const { fields, append, remove } = useFieldArray({ control, name: path });
  return (
    <fieldset className="space-y-2" data-testid={`targets-${path}`}>
      <legend className="text-sm font-medium text-slate-700">{t("routing.form.targets")}</legend>
      {fields.map((field, i) => (
        <div key={field.id} className="flex flex-wrap items-center gap-2">
          <Select
            aria-label={t("routing.form.channel", { n: i + 1 })}
            className="min-w-0 flex-1 sm:max-w-xs"
            {...register(`${path}.${i}.channel_key` as const)}
          >
            <option value="">{t("routing.form.chooseChannel")}</option>
            {channels.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name} ({t(`enum.channelType.${c.type}`)})
              </option>
            ))}
          </Select>
          <Input
            type="number"
            min={0}
            max={1000}
            inputMode="numeric"
            aria-label={t("routing.form.weight", { n: i + 1 })}
            className="w-24"
            {...register(`${path}.${i}.weight` as const, { valueAsNumber: true })}
          />
          <Button type="button" variant="secondary" onClick={() => remove(i)} disabled={fields.length === 1}>
            {t("routing.form.removeChannel")}
          </Button>
        </div>
      ))}
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        onClick={() => append({ channel_key: "", weight: 0 })}
        disabled={fields.length >= 10}
      >
        {t("routing.form.addChannel")}
      </Button>
      <p className="text-xs text-slate-500">{t("routing.form.weightHint")}</p>
    </fieldset>
  );
}
