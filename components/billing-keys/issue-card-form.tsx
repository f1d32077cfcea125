"use client";

import { useFieldError } from "@/components/ui/error-message";
import { useNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { FormCard } from "@/components/ui/form-card";
import { ChannelSelect } from "@/components/channels/channel-select";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { issueTestCardForm, type IssueTestCardForm } from "@/lib/billing-keys/schema";
import { unwrap } from "@/lib/dashboard/unwrap";
import { issueTestCardAction } from "@/components/billing-keys/actions";
import { paymentChannelsAction } from "@/components/channels/actions";

/** CONTRACT §10 sandbox cards, offered as presets. */
const TEST_CARDS = [
  { number: "4242424242424242", label: "4242 4242 4242 4242 — VISA, approved" },
  { number: "5555555555554444", label: "5555 5555 5555 4444 — MASTER, approved" },
  { number: "4000000000000341", label: "4000 0000 0000 0341 — issues; every charge declined" },
  { number: "4000000000000002", label: "4000 0000 0000 0002 — issuance declined" },
];

export const BILLING_KEYS_QUERY = ["billing-keys"] as const;

export function IssueCardForm() {
  const t = useT();
  const fieldError = useFieldError();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const channels = useQuery({
    queryKey: ["payment-channels"],
    queryFn: async () => unwrap(await paymentChannelsAction({})),
  });
  const [notice, setNotice] = useNotice();
  const form = useForm<IssueTestCardForm>({
    resolver: zodResolver(issueTestCardForm),
    defaultValues: {
      channel_key: "",
      card_number: TEST_CARDS[0]!.number,
      expiry_month: "12",
      expiry_year: String(new Date().getFullYear() + 3),
      birth: "900101",
      password_two_digits: "00",
      customer_id: "",
      customer_name: "",
    },
  });
  const firstChannel = channels.data?.[0]?.key;
  useEffect(() => {
    if (firstChannel && !form.getValues("channel_key")) form.setValue("channel_key", firstChannel);
  }, [firstChannel, form]);

  const issue = useMutation({
    mutationFn: async (values: IssueTestCardForm) => unwrap(await issueTestCardAction(values)),
    onSuccess: (res) => setNotice({ kind: "success", text: t("billingKeys.issued", { key: res.billing_key }) }),
    onError: (e: Error) => setNotice({ kind: "error", text: errorText(e) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: BILLING_KEYS_QUERY });
      void queryClient.invalidateQueries({ queryKey: ["bookable-keys"] });
    },
  });
  const errors = form.formState.errors;

  return (
    <FormCard
      title={t("billingKeys.issueTitle")}
      notice={notice}
      columns={4}
      onSubmit={form.handleSubmit((v) => {
        setNotice(null);
        issue.mutate(v);
      })}
    >
      <ChannelSelect
        id="bk-channel"
        label={t("billingKeys.channel")}
        error={fieldError(errors.channel_key)}
        channels={channels.data}
        registration={form.register("channel_key")}
      />
      <FormField label={t("billingKeys.testCard")} htmlFor="bk-preset">
        <Select
          id="bk-preset"
          onChange={(e) => form.setValue("card_number", e.target.value, { shouldValidate: true })}
          defaultValue={TEST_CARDS[0]!.number}
        >
          {TEST_CARDS.map((c) => (
            <option key={c.number} value={c.number}>
              {c.label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t("billingKeys.cardNumber")} htmlFor="bk-number" error={fieldError(errors.card_number)}>
        <Input
          id="bk-number"
          autoComplete="off"
          inputMode="numeric"
          {...form.register("card_number")}
          aria-invalid={!!errors.card_number}
        />
      </FormField>
      <FormField label={t("billingKeys.expiryMonth")} htmlFor="bk-month" error={fieldError(errors.expiry_month)}>
        <Input
          id="bk-month"
          inputMode="numeric"
          {...form.register("expiry_month")}
          aria-invalid={!!errors.expiry_month}
        />
      </FormField>
      <FormField label={t("billingKeys.expiryYear")} htmlFor="bk-year" error={fieldError(errors.expiry_year)}>
        <Input id="bk-year" inputMode="numeric" {...form.register("expiry_year")} aria-invalid={!!errors.expiry_year} />
      </FormField>
      <FormField label={t("billingKeys.birth")} htmlFor="bk-birth" error={fieldError(errors.birth)}>
        <Input id="bk-birth" inputMode="numeric" {...form.register("birth")} aria-invalid={!!errors.birth} />
      </FormField>
      <FormField label={t("billingKeys.password")} htmlFor="bk-password" error={fieldError(errors.password_two_digits)}>
        <Input
          id="bk-password"
          type="password"
          inputMode="numeric"
          maxLength={2}
          {...form.register("password_two_digits")}
          aria-invalid={!!errors.password_two_digits}
        />
      </FormField>
      <FormField label={t("billingKeys.customerId")} htmlFor="bk-customer-id">
        <Input id="bk-customer-id" {...form.register("customer_id")} />
      </FormField>
      <FormField label={t("billingKeys.customerName")} htmlFor="bk-customer-name">
        <Input id="bk-customer-name" {...form.register("customer_name")} />
      </FormField>
      <div className="flex items-end">
        <Button type="submit" disabled={issue.isPending || !channels.data}>
          {t("billingKeys.issue")}
        </Button>
      </div>
    </FormCard>
  );
}
