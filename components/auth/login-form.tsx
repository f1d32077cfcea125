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

type Failure = "login.failed" | "login.throttled" | "login.codeInvalid";

export function LoginForm() {
  const t = useT();
  const fieldError = useFieldError();
  const [failed, setFailed] = useState<null | Failure>(null);
  // After a right password for an account with two-factor, the same form asks for the code.
  const [needsCode, setNeedsCode] = useState(false);
  const [otp, setOtp] = useState("");
  const form = useForm<SignInInput>({ resolver: zodResolver(signInInput), defaultValues: { email: "", password: "" } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailed(null);
    const result = await signIn("credentials", { ...values, ...(needsCode ? { otp } : {}), redirect: false });
    if (result?.error === "TooManyAttempts") return setFailed("login.throttled");
    if (result?.error === "TwoFactorRequired") return setNeedsCode(true);
    if (result?.error === "TwoFactorInvalid") return setFailed("login.codeInvalid");
    if (!result || result.error) return setFailed("login.failed");
    window.location.assign("/dashboard");
  });

  return (
    <form
      onSubmit={onSubmit}
      className="w-full max-w-sm space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      noValidate
    >
      <h1 className="text-lg font-semibold">{t("login.title")}</h1>
      {failed ? <Alert>{t(failed)}</Alert> : null}
      <FormField label={t("login.email")} htmlFor="email" error={fieldError(form.formState.errors.email)}>
        <Input
          id="email"
          type="email"
          autoComplete="username"
          readOnly={needsCode}
          {...form.register("email")}
          aria-invalid={!!form.formState.errors.email}
        />
      </FormField>
      <FormField label={t("login.password")} htmlFor="password" error={fieldError(form.formState.errors.password)}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          readOnly={needsCode}
          {...form.register("password")}
          aria-invalid={!!form.formState.errors.password}
        />
      </FormField>
      {needsCode ? (
        <FormField label={t("login.code")} htmlFor="otp" hint={t("login.codeHint")}>
          <Input
            id="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            value={otp}
            onChange={(e) => setOtp(e.target.value)}
          />
        </FormField>
      ) : null}
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {t("login.submit")}
      </Button>
    </form>
  );
}
