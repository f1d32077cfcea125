"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useFormat, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { useErrorMessage } from "@/components/ui/error-message";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { MoneyInput } from "@/components/ui/money-input";
import { cashReceiptType, type ReceiptFromPaymentInput, receiptFromPaymentInput } from "@/lib/cash-receipts/schema";
import type { ActionResult } from "@/lib/dashboard/action";
import { unwrap } from "@/lib/dashboard/unwrap";
import { currencyExponent, parseMajorAmount } from "@/lib/money";

type IssueAction = (
  input: ReceiptFromPaymentInput,
) => Promise<ActionResult<{ issue_number: string; receipt_url: string }>>;

type Receipt = { status?: string; issue_number?: string; receipt_url?: string };

const CASH_METHODS = new Set(["VIRTUAL_ACCOUNT", "TRANSFER"]);

/** Minor units as the text a money input holds (15000, 10.50). */
function majorText(amount: number, currency: string): string {
  const e = currencyExponent(currency);
  return e === 0 ? String(amount) : (amount / 10 ** e).toFixed(e);
}

/**
 * A cash receipt from the payment: for a paid virtual-account or transfer payment, the amount filled
 * with what is paid and not refunded (and capped by it, here and on the server). A card payment
 * says why it gets none.
 */
export function CashReceiptCard({
  paymentId,
  method,
  currency,
  balance,
  receipt,
  issue,
  onDone,
}: {
  paymentId: string;
  method: string | undefined;
  currency: string;
  balance: number;
  receipt: Receipt | undefined;
  issue: IssueAction;
  onDone: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const errorText = useErrorMessage();
  const [type, setType] = useState("PERSONAL");
  const [identifier, setIdentifier] = useState("");
  const [amount, setAmount] = useState(majorText(balance, currency));
  const [problem, setProblem] = useState<{ field?: string; text: string } | null>(null);
  const send = useMutation({
    mutationFn: async (input: Parameters<IssueAction>[0]) => unwrap(await issue(input)),
    onSuccess: (r) => {
      toast.success(t("receipts.issued", { number: r.issue_number }));
      setIdentifier("");
      onDone();
    },
    onError: (e) => setProblem({ text: errorText(e) }),
  });

  if (!method || !CASH_METHODS.has(method))
    return (
      <Card title={t("receipts.fromPayment.title")}>
        <p className="text-sm text-slate-600" data-testid="receipt-not-for-card">
          {t("error.CASH_RECEIPT_NOT_CASH_PAYMENT")}
        </p>
      </Card>
    );
  if (receipt?.status === "ISSUED")
    return (
      <Card title={t("receipts.fromPayment.title")}>
        <p className="text-sm" data-testid="receipt-issued">
          {t("receipts.issued", { number: receipt.issue_number ?? "" })}{" "}
          {receipt.receipt_url ? (
            <a
              className="text-brand underline"
              href={new URL(receipt.receipt_url).pathname}
              target="_blank"
              rel="noreferrer"
            >
              {t("receipts.open")}
            </a>
          ) : null}
        </p>
      </Card>
    );

  const submit = () => {
    setProblem(null);
    const minor = parseMajorAmount(amount, currency);
    if (minor === null || minor <= 0) return setProblem({ field: "amount", text: t("validation.amount") });
    if (minor > balance)
      return setProblem({
        field: "amount",
        text: t("receipts.fromPayment.overBalance", { amount: fmt.money(balance, currency) }),
      });
    const parsed = receiptFromPaymentInput.safeParse({
      payment_id: paymentId,
      type,
      customer_identifier: identifier,
      amount: minor,
    });
    if (!parsed.success) return setProblem({ field: "identifier", text: t("receipts.fromPayment.badIdentifier") });
    send.mutate(parsed.data);
  };
  return (
    <Card title={t("receipts.fromPayment.title")}>
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-3"
        aria-label={t("receipts.fromPayment.title")}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField label={t("receipts.type")} htmlFor="rp-type">
          <Select id="rp-type" value={type} onChange={(e) => setType(e.target.value)}>
            {cashReceiptType.options.map((o) => (
              <option key={o} value={o}>
                {t(`receipts.type.${o}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label={t("receipts.identifier")}
          htmlFor="rp-identifier"
          error={problem?.field === "identifier" ? problem.text : undefined}
        >
          <Input
            id="rp-identifier"
            inputMode="numeric"
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            aria-invalid={problem?.field === "identifier"}
          />
        </FormField>
        <FormField
          label={t("receipts.amount")}
          htmlFor="rp-amount"
          hint={t("receipts.fromPayment.max", { amount: fmt.money(balance, currency) })}
          error={problem?.field === "amount" ? problem.text : undefined}
        >
          <MoneyInput
            id="rp-amount"
            currency={currency}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={problem?.field === "amount"}
          />
        </FormField>
        {problem && !problem.field ? (
          <div className="sm:col-span-3">
            <Alert>{problem.text}</Alert>
          </div>
        ) : null}
        <div className="sm:col-span-3">
          <Button type="submit" disabled={send.isPending}>
            {t("receipts.issueSubmit")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
