"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { useErrorMessage, useFieldError } from "@/components/ui/error-message";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { acceptInvitationInput, type AcceptInvitationInput } from "@/lib/team/schema";
import { acceptInvitationAction } from "@/components/team/accept-invitation-action";

export function AcceptInvitationForm({
  token,
  email,
  merchantName,
}: {
  token: string;
  email: string;
  merchantName: string;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const errorText = useErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<AcceptInvitationInput>({
    resolver: zodResolver(acceptInvitationInput) as unknown as Resolver<AcceptInvitationInput>,
    defaultValues: { token, name: "", password: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      unwrap(await acceptInvitationAction(values));
      setDone(true);
    } catch (e) {
      setError(errorText(e));
    }
  });
  if (done) {
    return (
      <div className="w-full max-w-sm space-y-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <Alert kind="success">{t("invite.done")}</Alert>
        <Link className="text-brand underline" href="/login">
          {t("invite.signIn")}
        </Link>
      </div>
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="w-full max-w-sm space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h1 className="text-lg font-semibold">{t("invite.title", { merchant: merchantName })}</h1>
      <p className="text-sm text-slate-600">{t("invite.intro", { email })}</p>
      {error ? <Alert>{error}</Alert> : null}
      <FormField label={t("invite.name")} htmlFor="invite-name" error={fieldError(form.formState.errors.name)}>
        <Input
          id="invite-name"
          autoComplete="name"
          aria-invalid={!!form.formState.errors.name}
          {...form.register("name")}
        />
      </FormField>
      <FormField
        label={t("invite.password")}
        htmlFor="invite-password"
        error={fieldError(form.formState.errors.password)}
      >
        <Input
          id="invite-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!form.formState.errors.password}
          {...form.register("password")}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {t("invite.accept")}
      </Button>
    </form>
  );
}
