"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/input";
import { channelLabel } from "@/lib/i18n/labels";

type ChannelOption = { key: string; name: string; type?: "LIVE" | "TEST" };

/** A form's channel picker: one option per channel, named with its type (Live or Test) when known. */
export function ChannelSelect({
  id,
  label,
  error,
  channels,
  registration,
}: {
  id: string;
  label: string;
  error?: string;
  channels: readonly ChannelOption[] | undefined;
  registration: UseFormRegisterReturn;
}) {
  const t = useT();
  return (
    <FormField label={label} htmlFor={id} error={error}>
      <Select id={id} {...registration}>
        {(channels ?? []).map((c) => (
          <option key={c.key} value={c.key}>
            {c.type ? channelLabel(t, { name: c.name, type: c.type }) : c.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
