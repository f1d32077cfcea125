"use client";

import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/lib/dashboard/action";
import { unwrap } from "@/lib/dashboard/unwrap";
import { formatMoney, parseMajorAmount } from "@/lib/money";
import { cancelForm, type CancelForm } from "./form-schemas";

type CancelAction = (input: { payment_id: string; reason?: string; cancel_amount?: number; tax_free_amount?: number; check_refundable_amount?: number }) => Promise<ActionResult<unknown>>;

/**
 * Full or partial cancellation. The balance shown is sent as check_refundable_amount, so a
 * cancellation made elsewhere meanwhile makes the API refuse rather than cancel the wrong amount.
 */
export function CancelPaymentForm({ paymentId, currency, balance, taxFreeBalance, cancel, onDone }: { paymentId: string; currency: string; balance: number; taxFreeBalance: number; cancel: CancelAction; onDone: () => void }) {
  const t = useT();
  const errorText = useErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<CancelForm>({ resolver: zodResolver(cancelForm), defaultValues: { mode: "full", cancel_amount: "", tax_free_amount: "", reason: "" } });
  const mode = form.watch("mode");
  const errors = form.formState.errors;
  const submit = useMutation({
    mutationFn: async (v: CancelForm) => {
      const amount = v.mode === "partial" ? parseMajorAmount(v.cancel_amount, currency) : undefined;
      const taxFree = v.tax_free_amount ? parseMajorAmount(v.tax_free_amount, currency) : undefined;
      if (amount === null || taxFree === null) throw new Error(`too many decimals for ${currency}`);
      return unwrap(await cancel({ payment_id: paymentId, reason: v.reason, cancel_amount: amount, tax_free_amount: taxFree, check_refundable_amount: balance }));
    },
    onSuccess: () => {
      setDone(true);
      form.reset({ mode: "full", cancel_amount: "", tax_free_amount: "", reason: "" });
      onDone();
    },
    onError: (e: Error & { code?: string }) => {
      setError(errorText(e));
      onDone();
    },
  });
  return (
    <Card title={t("payments.cancel.title")}>
      <form
        className="space-y-3"
        noValidate
        aria-label={t("payments.cancel.title")}
        onSubmit={form.handleSubmit((v) => {
          setError(null);
          setDone(false);
          submit.mutate(v);
        })}
      >
        <p className="text-sm" data-testid="cancellable-balance">
          {t("payments.cancel.balance", { amount: formatMoney(balance, currency) })}
          {taxFreeBalance > 0 ? ` (${t("payments.detail.cancellableTaxFree")}: ${formatMoney(taxFreeBalance, currency)})` : null}
        </p>
        <div className="flex gap-4 text-sm">
          <label className="flex items-center gap-1">
            <input type="radio" value="full" {...form.register("mode")} /> {t("payments.cancel.full")}
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" value="partial" {...form.register("mode")} /> {t("payments.cancel.partial")}
          </label>
        </div>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
          {mode === "partial" ? (
            <FormField label={t("payments.cancel.amount")} htmlFor="c-amount" error={errors.cancel_amount?.message}>
              <Input id="c-amount" inputMode="decimal" {...form.register("cancel_amount")} aria-invalid={!!errors.cancel_amount} />
            </FormField>
          ) : null}
          <FormField label={t("payments.cancel.taxFree")} htmlFor="c-taxfree" error={errors.tax_free_amount?.message}>
            <Input id="c-taxfree" inputMode="decimal" {...form.register("tax_free_amount")} aria-invalid={!!errors.tax_free_amount} />
          </FormField>
          <FormField label={t("payments.cancel.reason")} htmlFor="c-reason" error={errors.reason?.message}>
            <Input id="c-reason" {...form.register("reason")} aria-invalid={!!errors.reason} />
          </FormField>
        </div>
        {error ? <Alert>{error}</Alert> : null}
        {done ? <Alert kind="success">{t("payments.cancel.done")}</Alert> : null}
        <Button type="submit" variant="danger" disabled={submit.isPending}>
          {t("payments.cancel.submit")}
        </Button>
      </form>
    </Card>
  );
}
