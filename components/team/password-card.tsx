"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm, type Resolver } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { useErrorMessage, useFieldError } from "@/components/ui/error-message";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useNotice } from "@/components/ui/use-notice";
import { unwrap, type ActionError } from "@/lib/dashboard/unwrap";
import { changePasswordInput, type ChangePasswordInput } from "@/lib/team/schema";
import { changePasswordAction } from "@/components/team/actions";

export function PasswordCard() {
  const t = useT();
  const fieldError = useFieldError();
  const errorText = useErrorMessage();
  const [notice, setNotice] = useNotice();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput) as unknown as Resolver<ChangePasswordInput>,
    defaultValues: { current: "", next: "" },
  });
  const save = useMutation({
    mutationFn: async (v: ChangePasswordInput) => unwrap(await changePasswordAction(v)),
    onSuccess: () => {
      setNotice({ kind: "success", text: t("account.passwordChanged") });
      form.reset();
    },
    onError: (e: ActionError) => {
      if (e.field === "current") form.setError("current", { message: e.message, type: "custom" });
      setNotice({ kind: "error", text: errorText(e) });
    },
  });
  return (
    <Card title={t("account.password")}>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      <form
        noValidate
        className="grid items-end gap-3 md:grid-cols-3"
        onSubmit={form.handleSubmit((v) => {
          setNotice(null);
          save.mutate(v);
        })}
      >
        <FormField
          label={t("account.currentPassword")}
          htmlFor="current-password"
          error={fieldError(form.formState.errors.current)}
        >
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={!!form.formState.errors.current}
            {...form.register("current")}
          />
        </FormField>
        <FormField
          label={t("account.newPassword")}
          htmlFor="new-password"
          error={fieldError(form.formState.errors.next)}
        >
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!form.formState.errors.next}
            {...form.register("next")}
          />
        </FormField>
        <Button type="submit" disabled={save.isPending}>
          {t("account.savePassword")}
        </Button>
      </form>
    </Card>
  );
}
