"use client";

import type { Control, FieldErrors, UseFormRegister } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import type { GroupChannel } from "@/lib/routing/groups";
import { CARD_BRANDS, type ChannelGroupInput } from "@/lib/routing/schema";
import { TargetsEditor } from "./targets-editor";

const optionalNumber = (v: unknown) => (v === "" || v === null || v === undefined ? undefined : Number(v));
const prefixes = (v: unknown) => {
  if (Array.isArray(v)) return v.length ? v : undefined;
  const list = String(v ?? "")
    .split(/[\s,]+/)
    .filter(Boolean);
  return list.length ? list : undefined;
};

/** One rule: its conditions (all must hold) and the channels it sends matching payments to. */
export function RuleEditor({
  index,
  control,
  register,
  errors,
  channels,
  onRemove,
}: {
  index: number;
  control: Control<ChannelGroupInput>;
  register: UseFormRegister<ChannelGroupInput>;
  errors: FieldErrors<ChannelGroupInput>;
  channels: GroupChannel[];
  onRemove: () => void;
}) {
  const t = useT();
  const e = errors.rules?.[index];
  const id = (name: string) => `rule-${index}-${name}`;
  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-3" data-testid={`rule-${index}`}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField
          label={t("routing.form.ruleName")}
          htmlFor={id("name")}
          error={e?.name ? t("routing.invalid.ruleName") : undefined}
        >
          <Input id={id("name")} {...register(`rules.${index}.name`)} aria-invalid={!!e?.name} />
        </FormField>
        <FormField label={t("routing.form.method")} htmlFor={id("method")}>
          <Select id={id("method")} {...register(`rules.${index}.method`, { setValueAs: (v) => (v ? v : undefined) })}>
            <option value="">{t("routing.form.anyMethod")}</option>
            <option value="CARD">{t("routing.method.CARD")}</option>
            <option value="VIRTUAL_ACCOUNT">{t("routing.method.VIRTUAL_ACCOUNT")}</option>
          </Select>
        </FormField>
        <FormField
          label={t("routing.form.minAmount")}
          htmlFor={id("min")}
          error={e?.min_amount ? t("routing.invalid.amountRange") : undefined}
        >
          <Input
            id={id("min")}
            type="number"
            min={0}
            inputMode="numeric"
            {...register(`rules.${index}.min_amount`, { setValueAs: optionalNumber })}
            aria-invalid={!!e?.min_amount}
          />
        </FormField>
        <FormField label={t("routing.form.maxAmount")} htmlFor={id("max")}>
          <Input
            id={id("max")}
            type="number"
            min={0}
            inputMode="numeric"
            {...register(`rules.${index}.max_amount`, { setValueAs: optionalNumber })}
          />
        </FormField>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("routing.form.brands")}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {CARD_BRANDS.map((brand) => (
            <label key={brand} className="flex items-center gap-1 text-sm">
              <input type="checkbox" value={brand} {...register(`rules.${index}.card_brands`)} />
              {t(`routing.brand.${brand}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        label={t("routing.form.binPrefixes")}
        htmlFor={id("bins")}
        hint={t("routing.form.binHint")}
        error={e?.bin_prefixes ? t("routing.invalid.bin") : undefined}
      >
        <Input
          id={id("bins")}
          inputMode="numeric"
          autoComplete="off"
          {...register(`rules.${index}.bin_prefixes`, { setValueAs: prefixes })}
          aria-invalid={!!e?.bin_prefixes}
        />
      </FormField>
      <TargetsEditor
        control={control}
        register={register}
        path={`rules.${index}.targets`}
        channels={channels}
        error={e?.targets ? t("routing.invalid.targets") : undefined}
      />
      <Button type="button" variant="danger" onClick={onRemove}>
        {t("routing.form.removeRule")}
      </Button>
    </div>
  );
}
