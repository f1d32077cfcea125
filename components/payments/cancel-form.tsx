"use client";

import { useErrorNotice } from "@/components/ui/use-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useFormat, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useErrorMessage, useFieldError } from "@/components/ui/error-message";
import { FormField } from "@/components/ui/form-field";
import { MoneyInput } from "@/components/ui/money-input";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/lib/dashboard/action";
import { unwrap } from "@/lib/dashboard/unwrap";
import { parseMajorAmount } from "@/lib/money";
import { cancelForm, type CancelForm } from "./form-schemas";

type CancelAction = (input: {
  payment_id: string;
  reason?: string;
  cancel_amount?: number;
  tax_free_amount?: number;
  check_refundable_amount?: number;
}) => Promise<ActionResult<unknown>>;

/** A refund as reviewed before it is sent: the form's values and the amounts in minor units. */
type Review = { values: CancelForm; amount: number; taxFree: number | undefined };

/**
 * Full or partial refund, amounts in major units. Either one is reviewed first, with its amounts
 * (it cannot be undone); the form keeps the chosen mode afterwards.
 * The balance shown is sent as check_refundable_amount, so a refund made elsewhere meanwhile makes
 * the API refuse rather than refund the wrong amount.
 */
export function CancelPaymentForm({
  paymentId,
  currency,
  balance,
  taxFreeBalance,
  cancel,
  onDone,
  mode: keptMode = "full",
  onModeKept,
}: {
  paymentId: string;
  currency: string;
  balance: number;
  taxFreeBalance: number;
  cancel: CancelAction;
  onDone: () => void;
  /** The mode to start in: the page keeps the last one used (the form is mounted again after a refund). */
  mode?: CancelForm["mode"];
  onModeKept?: (mode: CancelForm["mode"]) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const fieldError = useFieldError();
  const [error, setError] = useErrorNotice();
  const [confirming, setConfirming] = useState<Review | null>(null);
  const form = useForm<CancelForm>({
    resolver: zodResolver(cancelForm),
    defaultValues: { mode: keptMode, cancel_amount: "", tax_free_amount: "", reason: "" },
  });
  const mode = form.watch("mode");
  const errors = form.formState.errors;
  const submit = useMutation({
    mutationFn: async ({ values, amount, taxFree }: Review) => {
      await unwrap(
        await cancel({
          payment_id: paymentId,
          reason: values.reason,
          cancel_amount: values.mode === "partial" ? amount : undefined,
          tax_free_amount: taxFree,
          check_refundable_amount: balance,
        }),
      );
      return { refunded: amount, mode: values.mode };
    },
    onSuccess: ({ refunded, mode: done }) => {
      toast.success(t("payments.cancel.doneAmount", { amount: fmt.money(refunded, currency) }));
      form.reset({ mode: done, cancel_amount: "", tax_free_amount: "", reason: "" });
      onModeKept?.(done);
      onDone();
    },
    onError: (e) => {
      const text = errorText(e);
      setError(text);
      onDone();
    },
  });
  const review = (v: CancelForm) => {
    setError(null);
    const amount = v.mode === "partial" ? parseMajorAmount(v.cancel_amount, currency) : balance;
    const taxFree = v.tax_free_amount ? parseMajorAmount(v.tax_free_amount, currency) : undefined;
    if (amount === null || taxFree === null) {
      form.setError(amount === null ? "cancel_amount" : "tax_free_amount", { type: "custom" });
      return setError(t("validation.decimals", { currency }));
    }
    setConfirming({ values: v, amount, taxFree });
  };
  const money = (n: number) => fmt.money(n, currency);
  const full = confirming?.values.mode !== "partial";
  return (
    <Card title={t("payments.cancel.title")}>
      <form
        className="space-y-3"
        noValidate
        aria-label={t("payments.cancel.title")}
        onSubmit={form.handleSubmit(review)}
      >
        <p className="text-sm" data-testid="cancellable-balance">
          {t("payments.cancel.balance", { amount: fmt.money(balance, currency) })}
          {taxFreeBalance > 0
            ? ` (${t("payments.detail.cancellableTaxFree")}: ${fmt.money(taxFreeBalance, currency)})`
            : null}
        </p>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">{t("payments.cancel.kind")}</legend>
          <label className="flex items-center gap-1.5">
            <input type="radio" value="full" {...form.register("mode")} /> {t("payments.cancel.full")}
          </label>
          <label className="flex items-center gap-1.5">
            <input type="radio" value="partial" {...form.register("mode")} /> {t("payments.cancel.partial")}
          </label>
        </fieldset>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {mode === "partial" ? (
            <FormField label={t("payments.cancel.amount")} htmlFor="c-amount" error={fieldError(errors.cancel_amount)}>
              <MoneyInput
                id="c-amount"
                currency={currency}
                {...form.register("cancel_amount")}
                aria-invalid={!!errors.cancel_amount}
              />
            </FormField>
          ) : null}
          <FormField
            label={t("payments.cancel.taxFree")}
            htmlFor="c-taxfree"
            error={fieldError(errors.tax_free_amount)}
          >
            <MoneyInput
              id="c-taxfree"
              currency={currency}
              {...form.register("tax_free_amount")}
              aria-invalid={!!errors.tax_free_amount}
            />
          </FormField>
          <FormField label={t("payments.cancel.reason")} htmlFor="c-reason" error={fieldError(errors.reason)}>
            <Input id="c-reason" {...form.register("reason")} aria-invalid={!!errors.reason} />
          </FormField>
        </div>
        {error ? <Alert>{error}</Alert> : null}
        <Button type="submit" variant="danger" disabled={submit.isPending}>
          {t("payments.cancel.submit")}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          full
            ? t("payments.cancel.confirmTitle", { amount: money(balance) })
            : t("payments.cancel.confirmPartialTitle", { amount: money(confirming?.amount ?? 0) })
        }
        body={
          confirming ? (
            <>
              <p>
                {full
                  ? t("payments.cancel.confirmBody", { amount: money(balance) })
                  : t("payments.cancel.confirmPartialBody", { amount: money(confirming.amount) })}
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="refund-review">
                <dt className="text-slate-500">{t("payments.cancel.amount")}</dt>
                <dd className="text-right tabular-nums">{money(confirming.amount)}</dd>
                {confirming.taxFree ? (
                  <>
                    <dt className="text-slate-500">{t("payments.cancel.taxFree")}</dt>
                    <dd className="text-right tabular-nums">{money(confirming.taxFree)}</dd>
                  </>
                ) : null}
                <dt className="text-slate-500">{t("payments.cancel.remaining")}</dt>
                <dd className="text-right tabular-nums">{money(Math.max(0, balance - confirming.amount))}</dd>
              </dl>
              {confirming.values.reason ? (
                <p className="text-slate-500">
                  {t("payments.cancel.confirmReason", { reason: confirming.values.reason })}
                </p>
              ) : null}
            </>
          ) : null
        }
        confirmLabel={t("payments.cancel.confirm", { amount: money(confirming?.amount ?? balance) })}
        pending={submit.isPending}
        onConfirm={() => {
          if (confirming) submit.mutate(confirming);
          setConfirming(null);
        }}
      />
    </Card>
  );
}
