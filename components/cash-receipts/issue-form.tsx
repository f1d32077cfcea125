"use client";

import { useNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { issueCashReceiptAction } from "@/components/cash-receipts/actions";
import { paymentChannelsAction } from "@/components/channels/actions";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { FormCard } from "@/components/ui/form-card";
import { ChannelSelect } from "@/components/channels/channel-select";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { MoneyInput } from "@/components/ui/money-input";
import { useFieldError } from "@/components/ui/error-message";
import { parseMajorAmount } from "@/lib/money";
import {
  cashReceiptProductType,
  cashReceiptType,
  dashboardIssueInput,
  type DashboardIssueInput,
} from "@/lib/cash-receipts/schema";
import { unwrap } from "@/lib/dashboard/unwrap";

/** Manual issuance: for one of our payments, or for a sale made elsewhere (any new payment id). */
export function IssueCashReceiptForm() {
  const t = useT();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useNotice();
  const channels = useQuery({
    queryKey: ["payment-channels"],
    queryFn: async () => unwrap(await paymentChannelsAction({})),
  });
  const firstChannel = channels.data?.[0]?.key ?? "";
  const values = useMemo<DashboardIssueInput>(
    () => ({
      payment_id: "",
      channel_key: firstChannel,
      customer_identifier: "",
      type: "PERSONAL",
      order_name: "",
      currency: "KRW",
      amount: "" as unknown as number,
      tax_free_amount: 0,
      product_type: "REAL",
    }),
    [firstChannel],
  );
  const form = useForm<DashboardIssueInput>({
    resolver: zodResolver(dashboardIssueInput),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const issue = useMutation({
    mutationFn: async (v: DashboardIssueInput) => unwrap(await issueCashReceiptAction(v)),
    onSuccess: (r) => {
      setNotice({ kind: "success", text: t("receipts.issued", { number: r.issue_number }) });
      // The form's resetOptions keep typed values on re-seeding; after an issue everything goes.
      form.reset(values, { keepDirtyValues: false });
      void queryClient.invalidateQueries({ queryKey: ["cash-receipts"] });
    },
    onError: (e: Error) => setNotice({ kind: "error", text: errorText(e) }),
  });
  const errors = form.formState.errors;
  const currency = (form.watch("currency") ?? "KRW").toUpperCase();
  // Amounts are typed in major units and sent in the currency's minor unit.
  const major = (v: string | number) =>
    typeof v === "number" ? v : v.trim() === "" ? 0 : (parseMajorAmount(v, currency) ?? Number.NaN);
  const err = useFieldError();
  const clean = (v: DashboardIssueInput): DashboardIssueInput => ({
    ...v,
    customer_name: v.customer_name || undefined,
    customer_email: v.customer_email || undefined,
  });

  return (
    <FormCard
      title={t("receipts.issue")}
      notice={notice}
      onSubmit={form.handleSubmit((v) => {
        setNotice(null);
        issue.mutate(clean(v));
      })}
    >
      <FormField label={t("receipts.paymentId")} htmlFor="cr-payment" error={err(errors.payment_id)}>
        <Input id="cr-payment" {...form.register("payment_id")} aria-invalid={!!errors.payment_id} />
      </FormField>
      <ChannelSelect
        id="cr-channel"
        label={t("receipts.channel")}
        error={err(errors.channel_key)}
        channels={channels.data}
        registration={form.register("channel_key")}
      />
      <FormField label={t("receipts.type")} htmlFor="cr-type">
        <Select id="cr-type" {...form.register("type")}>
          {cashReceiptType.options.map((o) => (
            <option key={o} value={o}>
              {t(`receipts.type.${o}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t("receipts.identifier")} htmlFor="cr-identifier" error={err(errors.customer_identifier)}>
        <Input
          id="cr-identifier"
          inputMode="numeric"
          {...form.register("customer_identifier")}
          aria-invalid={!!errors.customer_identifier}
        />
      </FormField>
      <FormField label={t("receipts.orderName")} htmlFor="cr-order" error={err(errors.order_name)}>
        <Input id="cr-order" {...form.register("order_name")} aria-invalid={!!errors.order_name} />
      </FormField>
      <FormField label={t("receipts.currency")} htmlFor="cr-currency" error={err(errors.currency)}>
        <Input id="cr-currency" maxLength={3} {...form.register("currency")} />
      </FormField>
      <FormField label={t("receipts.amount")} htmlFor="cr-amount" error={err(errors.amount)}>
        <MoneyInput
          id="cr-amount"
          currency={currency}
          {...form.register("amount", { setValueAs: major })}
          aria-invalid={!!errors.amount}
        />
      </FormField>
      <FormField label={t("receipts.taxFree")} htmlFor="cr-taxfree" error={err(errors.tax_free_amount)}>
        <MoneyInput id="cr-taxfree" currency={currency} {...form.register("tax_free_amount", { setValueAs: major })} />
      </FormField>
      <FormField label={t("receipts.productType")} htmlFor="cr-product">
        <Select id="cr-product" {...form.register("product_type")}>
          {cashReceiptProductType.options.map((o) => (
            <option key={o} value={o}>
              {t(`enum.productType.${o}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t("receipts.customerName")} htmlFor="cr-name">
        <Input id="cr-name" {...form.register("customer_name")} />
      </FormField>
      <FormField label={t("receipts.customerEmail")} htmlFor="cr-email">
        <Input id="cr-email" type="email" {...form.register("customer_email")} />
      </FormField>
      <div className="flex items-end">
        <Button type="submit" disabled={issue.isPending || !channels.data}>
          {t("receipts.issueSubmit")}
        </Button>
      </div>
    </FormCard>
  );
}
