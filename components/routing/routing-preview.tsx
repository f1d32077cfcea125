"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useFormat, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { useErrorMessage } from "@/components/ui/error-message";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { type ChannelGroupInput, channelGroupInput, type RoutedMethod } from "@/lib/routing/schema";
import { previewRoutingAction } from "./actions";

/** Where a sample payment would go with the group as it stands in the form (nothing is saved). */
export function RoutingPreview({ groupKey, values }: { groupKey?: string; values: () => ChannelGroupInput }) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const [sample, setSample] = useState({
    payment_id: "order-1001",
    method: "CARD" as RoutedMethod,
    amount: 10000,
    bin: "",
  });
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: async () => {
      const group = channelGroupInput.safeParse(values());
      if (!group.success) throw new Error(t("routing.preview.fixForm"));
      return unwrap(
        await previewRoutingAction({
          key: groupKey,
          group: group.data,
          sample: { ...sample, bin: sample.method === "CARD" && sample.bin ? sample.bin : undefined },
        }),
      );
    },
    onMutate: () => setProblem(null),
    onError: (e: Error) => setProblem(errorText(e)),
  });
  const result = preview.data;
  return (
    <section className="space-y-3 rounded-md bg-slate-50 p-3" data-testid="routing-preview">
      <h3 className="text-sm font-semibold text-slate-800">{t("routing.preview.title")}</h3>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label={t("routing.preview.paymentId")} htmlFor="preview-payment-id">
          <Input
            id="preview-payment-id"
            value={sample.payment_id}
            onChange={(e) => setSample({ ...sample, payment_id: e.target.value })}
          />
        </FormField>
        <FormField label={t("routing.form.method")} htmlFor="preview-method">
          <Select
            id="preview-method"
            value={sample.method}
            onChange={(e) => setSample({ ...sample, method: e.target.value as RoutedMethod })}
          >
            <option value="CARD">{t("routing.method.CARD")}</option>
            <option value="VIRTUAL_ACCOUNT">{t("routing.method.VIRTUAL_ACCOUNT")}</option>
          </Select>
        </FormField>
        <FormField label={t("routing.preview.amount")} htmlFor="preview-amount">
          <Input
            id="preview-amount"
            type="number"
            min={0}
            inputMode="numeric"
            value={Number.isFinite(sample.amount) ? sample.amount : ""}
            onChange={(e) => setSample({ ...sample, amount: e.target.valueAsNumber })}
          />
        </FormField>
        <FormField label={t("routing.preview.bin")} htmlFor="preview-bin" hint={t("routing.form.binHint")}>
          <Input
            id="preview-bin"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={sample.bin}
            disabled={sample.method !== "CARD"}
            onChange={(e) => setSample({ ...sample, bin: e.target.value.replace(/\D/g, "") })}
          />
        </FormField>
      </div>
      <Button type="button" variant="secondary" disabled={preview.isPending} onClick={() => preview.mutate()}>
        {t("routing.preview.run")}
      </Button>
      {problem ? (
        <p className="text-sm text-red-700" role="alert">
          {problem}
        </p>
      ) : null}
      {result ? (
        <div className="space-y-1 text-sm" data-testid="preview-result" aria-live="polite">
          {result.chosen ? (
            <p>
              {t("routing.preview.goesTo", {
                channel: result.chosen.name,
                share: fmt.percent(result.chosen.share),
              })}
            </p>
          ) : (
            <p className="text-red-700">{t("routing.preview.nowhere")}</p>
          )}
          <p className="text-slate-600">
            {result.rule ? t("routing.preview.byRule", { rule: result.rule }) : t("routing.preview.byDefault")}
          </p>
          {result.order.length > 1 ? (
            <p className="text-slate-600">
              {t("routing.preview.failover", {
                channels: result.order
                  .slice(1)
                  .map((c) => c.name)
                  .join(" → "),
              })}
            </p>
          ) : null}
          {result.skipped.map((s) => (
            <p key={s.key} className="text-amber-800">
              {t("routing.preview.skipped", { channel: s.name, reason: t(`routing.skip.${s.reason}`) })}
            </p>
          ))}
        </div>
      ) : null}
    </section>
  );
}
