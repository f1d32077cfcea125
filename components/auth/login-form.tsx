"use client";

import { useFieldError } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { signInInput, type SignInInput } from "@/lib/dashboard/schema";

export function LoginForm() {
  const t = useT();
  const fieldError = useFieldError();
  const [failed, setFailed] = useState<null | "login.failed" | "login.throttled">(null);
  const form = useForm<SignInInput>({ resolver: zodResolver(signInInput), defaultValues: { email: "", password: "" } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailed(null);
    const result = await signIn("credentials", { ...values, redirect: false });
    if (result?.error === "TooManyAttempts") return setFailed("login.throttled");
    if (!result || result.error) return setFailed("login.failed");
    window.location.assign("/dashboard");
  });

  return (
    <form onSubmit={onSubmit} className="w-full max-w-sm space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" noValidate>
      <h1 className="text-lg font-semibold">{t("login.title")}</h1>
      {failed ? <Alert>{t(failed)}</Alert> : null}
      <FormField label={t("login.email")} htmlFor="email" error={fieldError(form.formState.errors.email)}>
        <Input id="email" type="email" autoComplete="username" {...form.register("email")} aria-invalid={!!form.formState.errors.email} />
      </FormField>
      <FormField label={t("login.password")} htmlFor="password" error={fieldError(form.formState.errors.password)}>
        <Input id="password" type="password" autoComplete="current-password" {...form.register("password")} aria-invalid={!!form.formState.errors.password} />
      </FormField>
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {t("login.submit")}
      </Button>
    </form>
  );
}
