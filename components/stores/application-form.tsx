"use client";

import { useErrorNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, type Resolver } from "react-hook-form";
import { useLocale, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import {
  APPLICABLE_METHODS,
  APPLICABLE_PG_COMPANIES,
  BANK_NAMES,
  dashboardApplicationInput,
  type DashboardApplicationInput,
} from "@/lib/onboarding/schema";
import { submitApplicationAction } from "@/components/stores/actions";
import { fieldMessage } from "@/lib/stores/form-messages";

/** One application: provider, methods and the provider-specific settlement fields. */
export function ApplicationForm({ storeId }: { storeId: string }) {
  const t = useT();
  const errorText = useErrorMessage();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [error, setError] = useErrorNotice();
  const form = useForm<DashboardApplicationInput>({
    resolver: zodResolver(dashboardApplicationInput) as unknown as Resolver<DashboardApplicationInput>,
    defaultValues: { store_id: storeId, pg_company: "TOSSPAYMENTS", methods: [], pg_specific_info: {} },
  });
  const errors = form.formState.errors;
  const submit = useMutation({
    mutationFn: async (values: DashboardApplicationInput) => {
      const info = Object.fromEntries(
        Object.entries(values.pg_specific_info ?? {}).filter(([, v]) => v !== "" && v !== undefined),
      );
      return unwrap(await submitApplicationAction({ ...values, pg_specific_info: info }));
    },
    onSuccess: () => {
      form.reset({ store_id: storeId, pg_company: "TOSSPAYMENTS", methods: [], pg_specific_info: {} });
      void queryClient.invalidateQueries({ queryKey: ["applications", storeId] });
      void queryClient.invalidateQueries({ queryKey: ["onboarding-board"] });
    },
    onError: (e: Error) => setError(errorText(e)),
  });
  const infoField = (
    name: "account_number" | "account_holder_name" | "homepage_name" | "delivery_or_service_period",
  ) => {
    const id = `application-${name}`;
    const fieldError = errors.pg_specific_info?.[name];
    return (
      <FormField label={t(`stores.apps.${name}`)} htmlFor={id} error={fieldMessage(t, locale, name, fieldError)}>
        <Input
          id={id}
          aria-invalid={!!fieldError}
          {...form.register(`pg_specific_info.${name}`, { setValueAs: (v: string) => v || undefined })}
        />
      </FormField>
    );
  };

  return (
    <Card title={t("stores.apps.new")}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={form.handleSubmit((v) => {
          setError(null);
          submit.mutate(v);
        })}
      >
        {error ? <Alert>{error}</Alert> : null}
        <div className="grid gap-3 md:grid-cols-2">
          <FormField label={t("stores.apps.provider")} htmlFor="application-pg_company">
            <Select id="application-pg_company" {...form.register("pg_company")}>
              {APPLICABLE_PG_COMPANIES.map((p) => (
                <option key={p} value={p}>
                  {t(`enum.pgProvider.${p}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t("stores.apps.development_method")} htmlFor="application-development_method">
            <Select
              id="application-development_method"
              {...form.register("pg_specific_info.development_method", { setValueAs: (v: string) => v || undefined })}
            >
              <option value="">—</option>
              <option value="SELF_DEVELOPMENT">{t("enum.devMethod.SELF_DEVELOPMENT")}</option>
              <option value="WORDPRESS">{t("enum.devMethod.WORDPRESS")}</option>
            </Select>
          </FormField>
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("stores.apps.methods")}</legend>
          <div className="flex flex-wrap gap-3">
            {APPLICABLE_METHODS.map((m) => (
              <label key={m} className="flex items-center gap-1 text-sm">
                <input type="checkbox" value={m} {...form.register("methods")} /> {t(`enum.methodType.${m}`)}
              </label>
            ))}
          </div>
          {errors.methods ? (
            <p role="alert" className="mt-1 text-xs text-red-600" data-field-error="methods">
              {t("stores.err.methods")}
            </p>
          ) : null}
        </fieldset>
        <p className="text-sm font-medium text-slate-700">{t("stores.apps.settlement")}</p>
        <div className="grid gap-3 md:grid-cols-2">
          <FormField label={t("stores.apps.bank")} htmlFor="application-bank_name">
            <Select
              id="application-bank_name"
              {...form.register("pg_specific_info.bank_name", { setValueAs: (v: string) => v || undefined })}
            >
              <option value="">{t("stores.apps.bankNone")}</option>
              {BANK_NAMES.map((b) => (
                <option key={b} value={b}>
                  {t(`enum.bankName.${b}`)}
                </option>
              ))}
            </Select>
          </FormField>
          {infoField("account_number")}
          {infoField("account_holder_name")}
          {infoField("homepage_name")}
          {infoField("delivery_or_service_period")}
        </div>
        <Button type="submit" disabled={submit.isPending}>
          {t("stores.apps.submit")}
        </Button>
      </form>
    </Card>
  );
}
