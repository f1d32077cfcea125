"use client";

import { useFieldError } from "@/components/ui/error-message";
import { useErrorNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/test-cards";
import type { ActionResult } from "@/lib/dashboard/action";
import { keyInForm, toInstantPayBody, type KeyInForm as KeyInFormValues } from "./form-schemas";

export type TestChannel = { key: string; name: string; pg_provider: string };
/** A channel group whose channels are all TEST ones: its key pays like a channel's. */
export type TestGroup = { key: string; name: string };
type KeyInBody = Extract<ReturnType<typeof toInstantPayBody>, { body: unknown }>["body"];
type PayAction = (input: { payment_id: string; body: KeyInBody }) => Promise<ActionResult<unknown>>;

function newPaymentId() {
  return `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Key-in card payment on a TEST channel or group, with the sandbox's magic cards one click away (CONTRACT §10). */
export function KeyInForm({
  channels,
  groups = [],
  pay,
  onPaid,
}: {
  channels: TestChannel[];
  groups?: TestGroup[];
  pay: PayAction;
  onPaid?: () => void;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useErrorNotice();
  const form = useForm<KeyInFormValues>({
    resolver: zodResolver(keyInForm),
    defaultValues: {
      channel_key: channels[0]?.key ?? "",
      payment_id: newPaymentId(),
      order_name: "",
      currency: "KRW",
      total_amount: "",
      tax_free_amount: "",
      card_number: "",
      expiry_month: "12",
      expiry_year: String((new Date().getFullYear() + 3) % 100).padStart(2, "0"),
      birth: "900101",
      password_two_digits: "00",
      customer_name: "",
      customer_email: "",
      is_escrow: false,
    },
  });
  const errors = form.formState.errors;
  const submit = useMutation({
    mutationFn: async (values: KeyInFormValues) => {
      const mapped = toInstantPayBody(values);
      if ("error" in mapped) throw new Error(`${mapped.error}: too many decimals for ${values.currency}`);
      unwrap(await pay({ payment_id: values.payment_id, body: mapped.body }));
      return values.payment_id;
    },
    onSuccess: (paymentId) => {
      setDone(paymentId);
      toast.success(t("payments.keyIn.done", { id: paymentId }));
      form.reset({ ...form.getValues(), payment_id: newPaymentId(), card_number: "" });
      void queryClient.invalidateQueries({ queryKey: ["payments"] });
      onPaid?.();
    },
    onError: (e: Error & { code?: string }) => {
      setError(errorText(e));
      // A declined attempt stays on this id as FAILED; retrying it is allowed, but a fresh id is clearer.
      form.setValue("payment_id", newPaymentId());
      void queryClient.invalidateQueries({ queryKey: ["payments"] });
    },
  });
  if (channels.length === 0) return <Alert kind="info">{t("payments.keyIn.noChannels")}</Alert>;
  const field = (
    name: keyof KeyInFormValues,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <FormField label={label} htmlFor={`ki-${name}`} error={fieldError(errors[name])}>
      <Input id={`ki-${name}`} {...props} {...form.register(name)} aria-invalid={!!errors[name]} />
    </FormField>
  );
  return (
    <Card title={t("payments.keyIn.title")}>
      <form
        className="space-y-3"
        noValidate
        aria-label={t("payments.keyIn.title")}
        onSubmit={form.handleSubmit((v) => {
          setError(null);
          setDone(null);
          submit.mutate(v);
        })}
      >
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <FormField
            label={t("payments.keyIn.channel")}
            htmlFor="ki-channel_key"
            error={fieldError(errors.channel_key)}
          >
            <Select id="ki-channel_key" {...form.register("channel_key")}>
              <optgroup label={t("payments.keyIn.channelsGroup")}>
                {channels.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.name} ({t(`enum.pgProvider.${c.pg_provider}`)})
                  </option>
                ))}
              </optgroup>
              {groups.length > 0 ? (
                <optgroup label={t("payments.keyIn.groupsGroup")}>
                  {groups.map((g) => (
                    <option key={g.key} value={g.key}>
                      {g.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </Select>
          </FormField>
          {field("payment_id", t("payments.keyIn.paymentId"))}
          {field("order_name", t("payments.keyIn.orderName"))}
          <FormField label={t("payments.keyIn.currency")} htmlFor="ki-currency">
            <Select id="ki-currency" {...form.register("currency")}>
              {["KRW", "JPY", "USD"].map((c) => (
                <option key={c}>{c}</option>
              ))}
            </Select>
          </FormField>
          {field("total_amount", t("payments.keyIn.amount"), { inputMode: "decimal" })}
          {field("tax_free_amount", t("payments.keyIn.taxFree"), { inputMode: "decimal" })}
          {field("card_number", t("payments.keyIn.cardNumber"), { inputMode: "numeric", autoComplete: "off" })}
          {field("expiry_month", t("payments.keyIn.expiryMonth"))}
          {field("expiry_year", t("payments.keyIn.expiryYear"))}
          {field("birth", t("payments.keyIn.birth"))}
          {field("password_two_digits", t("payments.keyIn.password"), { type: "password", autoComplete: "off" })}
          {field("customer_name", t("payments.keyIn.customerName"))}
          {field("customer_email", t("payments.keyIn.customerEmail"))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register("is_escrow")} /> {t("payments.keyIn.escrow")}
        </label>
        <details className="text-sm" open>
          <summary className="cursor-pointer font-medium">{t("payments.keyIn.testCards")}</summary>
          <ul className="mt-2 space-y-1" data-testid="test-cards">
            {Object.entries(SANDBOX_CARDS).map(([name, number]) => (
              <li key={name} className="flex flex-wrap items-center gap-x-2">
                <code className="text-xs">{number}</code>
                <span className="text-slate-600">{t(`payments.card.${name}`)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  className="px-2 py-0.5 text-xs"
                  onClick={() => form.setValue("card_number", number, { shouldValidate: true })}
                  aria-label={`${t("payments.card.use")} ${number}`}
                >
                  {t("payments.card.use")}
                </Button>
              </li>
            ))}
          </ul>
        </details>
        {error ? <Alert>{error}</Alert> : null}
        {done ? (
          <Alert kind="success">
            <Link href={`/dashboard/payments/${encodeURIComponent(done)}`} className="underline">
              {t("payments.keyIn.done", { id: done })}
            </Link>
          </Alert>
        ) : null}
        <Button type="submit" disabled={submit.isPending}>
          {t("payments.keyIn.submit")}
        </Button>
      </form>
    </Card>
  );
}
