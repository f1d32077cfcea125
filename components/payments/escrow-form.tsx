"use client";

import { useFieldError } from "@/components/ui/error-message";
import { useNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import type { ActionResult } from "@/lib/dashboard/action";
import { unwrap } from "@/lib/dashboard/unwrap";
import { ESCROW_COMPANIES } from "@/lib/payments/schema";
import { escrowForm, toEscrowLogisticsBody, type EscrowForm } from "./form-schemas";

type LogisAction = (input: {
  payment_id: string;
  body: ReturnType<typeof toEscrowLogisticsBody>;
}) => Promise<ActionResult<unknown>>;
type CompleteAction = (input: { payment_id: string }) => Promise<ActionResult<unknown>>;

function localNow() {
  const d = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** Register (or change) the delivery of an escrow payment, then confirm the purchase. */
export function EscrowDeliveryForm({
  paymentId,
  register,
  complete,
  onDone,
}: {
  paymentId: string;
  register: LogisAction;
  complete: CompleteAction;
  onDone: () => void;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const errorText = useErrorMessage();
  const [message, setMessage] = useNotice();
  const form = useForm<EscrowForm>({
    resolver: zodResolver(escrowForm),
    defaultValues: {
      company: "CJGLS",
      invoice_number: "",
      sent_at: localNow(),
      sender_name: "",
      receiver_name: "",
      receiver_address_1: "",
      receiver_address_2: "",
      send_email: false,
    },
  });
  const errors = form.formState.errors;
  const onError = (e: Error & { code?: string }) => setMessage({ kind: "error", text: errorText(e) });
  const save = useMutation({
    mutationFn: async (v: EscrowForm) =>
      unwrap(await register({ payment_id: paymentId, body: toEscrowLogisticsBody(v) })),
    onSuccess: () => {
      setMessage({ kind: "success", text: t("payments.escrow.done") });
      onDone();
    },
    onError,
  });
  const confirm = useMutation({
    mutationFn: async () => unwrap(await complete({ payment_id: paymentId })),
    onSuccess: () => {
      setMessage({ kind: "success", text: t("payments.escrow.done") });
      onDone();
    },
    onError,
  });
  const text = (name: keyof EscrowForm, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <FormField label={label} htmlFor={`e-${name}`} error={fieldError(errors[name])}>
      <Input id={`e-${name}`} {...props} {...form.register(name)} aria-invalid={!!errors[name]} />
    </FormField>
  );
  return (
    <Card title={t("payments.escrow.title")}>
      <form
        className="space-y-3"
        noValidate
        aria-label={t("payments.escrow.title")}
        onSubmit={form.handleSubmit((v) => {
          setMessage(null);
          save.mutate(v);
        })}
      >
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <FormField label={t("payments.escrow.company")} htmlFor="e-company">
            <Select id="e-company" {...form.register("company")}>
              {ESCROW_COMPANIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </Select>
          </FormField>
          {text("invoice_number", t("payments.escrow.invoice"))}
          {text("sent_at", t("payments.escrow.sentAt"), { type: "datetime-local" })}
          {text("sender_name", t("payments.escrow.senderName"))}
          {text("receiver_name", t("payments.escrow.receiverName"))}
          {text("receiver_address_1", t("payments.escrow.receiverAddress"))}
          {text("receiver_address_2", t("payments.escrow.receiverAddress2"))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register("send_email")} /> {t("payments.escrow.sendEmail")}
        </label>
        {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {t("payments.escrow.submit")}
          </Button>
          <Button type="button" variant="secondary" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
            {t("payments.escrow.complete")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
