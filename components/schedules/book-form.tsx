"use client";

import { useNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { cardLabel } from "@/components/billing-keys/card-label";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { FormCard } from "@/components/ui/form-card";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { MoneyInput } from "@/components/ui/money-input";
import { useFieldError } from "@/components/ui/error-message";
import { parseMajorAmount } from "@/lib/money";
import { unwrap } from "@/lib/dashboard/unwrap";
import { bookScheduleForm, type BookScheduleForm as BookScheduleValues } from "@/lib/schedules/schema";
import { bookableKeysAction, bookScheduleAction } from "@/components/schedules/actions";

export const SCHEDULES_QUERY = ["schedules"] as const;

function newPaymentId(): string {
  return `sched-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** `YYYY-MM-DDTHH:mm:ss` in the browser's time zone, as datetime-local inputs want. */
function localInputValue(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 19);
}

export function BookScheduleForm() {
  const t = useT();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ["bookable-keys"], queryFn: async () => unwrap(await bookableKeysAction({})) });
  const [notice, setNotice] = useNotice();
  const form = useForm<BookScheduleValues>({
    resolver: zodResolver(bookScheduleForm),
    defaultValues: {
      billing_key: "",
      payment_id: newPaymentId(),
      order_name: "Monthly subscription",
      total_amount: 9900,
      currency: "KRW",
      scheduled_at: localInputValue(Date.now() + 3_600_000),
    },
  });
  const firstKey = keys.data?.[0]?.billing_key;
  useEffect(() => {
    if (firstKey && !form.getValues("billing_key")) form.setValue("billing_key", firstKey);
  }, [firstKey, form]);

  const book = useMutation({
    // datetime-local is the browser's local time; the API takes an absolute instant.
    mutationFn: async (values: BookScheduleValues) =>
      unwrap(await bookScheduleAction({ ...values, scheduled_at: new Date(values.scheduled_at).toISOString() })),
    onSuccess: (res) => {
      setNotice({ kind: "success", text: t("schedules.booked", { id: res.id }) });
      form.setValue("payment_id", newPaymentId());
    },
    onError: (e: Error) => setNotice({ kind: "error", text: errorText(e) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY });
      void queryClient.invalidateQueries({ queryKey: ["billing-key"] });
    },
  });
  const errors = form.formState.errors;
  const currency = form.watch("currency");
  const fieldError = useFieldError();
  if (keys.data && keys.data.length === 0) return <Alert kind="info">{t("schedules.noKeys")}</Alert>;

  return (
    <FormCard
      title={t("schedules.bookTitle")}
      notice={notice}
      onSubmit={form.handleSubmit((v) => {
        setNotice(null);
        book.mutate(v);
      })}
    >
      <FormField label={t("schedules.billingKey")} htmlFor="sc-key" error={fieldError(errors.billing_key)}>
        <Select id="sc-key" {...form.register("billing_key")}>
          {(keys.data ?? []).map((k) => (
            <option key={k.billing_key} value={k.billing_key}>
              {cardLabel(k)} · {k.billing_key}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t("schedules.paymentId")} htmlFor="sc-payment" error={fieldError(errors.payment_id)}>
        <Input id="sc-payment" {...form.register("payment_id")} aria-invalid={!!errors.payment_id} />
      </FormField>
      <FormField label={t("schedules.orderName")} htmlFor="sc-order" error={fieldError(errors.order_name)}>
        <Input id="sc-order" {...form.register("order_name")} aria-invalid={!!errors.order_name} />
      </FormField>
      <FormField label={t("schedules.amount")} htmlFor="sc-amount" error={fieldError(errors.total_amount)}>
        {/* Typed in major units; stored as the currency's minor unit (₩9,900 is 9900, $10.50 is 1050). */}
        <MoneyInput
          id="sc-amount"
          currency={currency}
          {...form.register("total_amount", {
            setValueAs: (v: string | number) =>
              typeof v === "number" ? v : (parseMajorAmount(v, form.getValues("currency")) ?? Number.NaN),
          })}
          aria-invalid={!!errors.total_amount}
        />
      </FormField>
      <FormField label={t("schedules.currency")} htmlFor="sc-currency" error={fieldError(errors.currency)}>
        <Select id="sc-currency" {...form.register("currency", { onChange: () => void form.trigger("total_amount") })}>
          {["KRW", "USD", "JPY", "EUR"].map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
      </FormField>
      <FormField label={t("schedules.scheduledAt")} htmlFor="sc-at" error={fieldError(errors.scheduled_at)}>
        <Input
          id="sc-at"
          type="datetime-local"
          step={1}
          {...form.register("scheduled_at")}
          aria-invalid={!!errors.scheduled_at}
        />
      </FormField>
      <div className="flex items-end">
        <Button type="submit" disabled={book.isPending || !keys.data}>
          {t("schedules.book")}
        </Button>
      </div>
    </FormCard>
  );
}
