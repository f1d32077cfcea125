"use client";

import { useErrorNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { Controller, useForm, type FieldError, type Path, type Resolver } from "react-hook-form";
import { useLocale, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import type { ActionResult } from "@/lib/dashboard/action";
import type { PublicStore } from "@/lib/stores/serialize";
import { createStoreFormInput, TAXATION_TYPES, updateStoreFormInput, type CreateStoreInput } from "@/lib/stores/schema";
import { createStoreAction, updateStoreAction } from "@/components/stores/actions";
import { fieldMessage } from "@/lib/stores/form-messages";
import { STORE_REQUIRED_FIELDS } from "@/lib/stores/required-fields";
import { ListInput } from "./list-input";

type Values = CreateStoreInput;

const EMPTY: Values = {
  name: "",
  tier_code: "",
  service_urls: [],
  manager_name: "",
  manager_phone_number: "",
  manager_email: "",
  representative: { name_ko: "", name_en: "", email: "", phone_number: "", birth_date: "" },
  business_license: {
    taxation_type: "PERSON",
    company_name: "",
    registration_number: "",
    business_location: "",
    business_location_detail: "",
    postal_code: "",
    business_types: [],
    business_items: [],
    corporate_registration_number: "",
    headquarter_location: "",
    business_establishment_date: "",
    issuance_date: "",
    issuance_reason: "",
  },
  terms_agreed: [false, false],
};

function valuesOf(store: PublicStore): Values {
  const license = store.business_license as Values["business_license"];
  return {
    ...EMPTY,
    name: store.name,
    tier_code: store.tier_code,
    service_urls: store.service_urls,
    manager_name: store.manager_name ?? "",
    manager_phone_number: store.manager_phone_number ?? "",
    manager_email: store.manager_email ?? "",
    representative: { ...EMPTY.representative, ...(store.representative as Values["representative"]) },
    business_license: { ...EMPTY.business_license, ...license },
  };
}

function errorAt(errors: unknown, path: string): FieldError | undefined {
  let node = errors as Record<string, unknown> | undefined;
  for (const part of path.split(".")) node = node?.[part] as Record<string, unknown> | undefined;
  return node && typeof node === "object" && "type" in node ? (node as unknown as FieldError) : undefined;
}

/** Create (all sections, agreements) or edit (no tier code, taxation type or agreements) a sub-store. */
export function StoreForm({ store }: { store?: PublicStore }) {
  const t = useT();
  const errorText = useErrorMessage();
  const locale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const editing = store !== undefined;
  const [error, setError] = useErrorNotice();
  const form = useForm<Values>({
    resolver: (editing
      ? zodResolver(updateStoreFormInput)
      : zodResolver(createStoreFormInput)) as unknown as Resolver<Values>,
    defaultValues: store ? valuesOf(store) : EMPTY,
  });
  const errors = form.formState.errors;
  const taxation = form.watch("business_license.taxation_type");

  const save = useMutation({
    mutationFn: async (values: Values): Promise<ActionResult<PublicStore>> => {
      if (!store) return createStoreAction(values);
      const { tier_code: _c, terms_agreed: _a, business_license, ...rest } = values;
      const { taxation_type: _x, ...license } = business_license;
      return updateStoreAction({ ...rest, business_license: license, store_id: store.id });
    },
    onSuccess: (result) => {
      if (result.ok) {
        void queryClient.invalidateQueries({ queryKey: ["stores"] });
        router.push(`/dashboard/stores/${result.data.id}`);
        // The layout's store switcher lists the new or renamed store.
        router.refresh();
        return;
      }
      // Server refusals land on their field when they name one.
      if (result.code === "TIER_CODE_ALREADY_EXISTS")
        form.setError("tier_code", { type: "duplicate", message: result.message });
      else if (result.code === "TERMS_NOT_AGREED")
        form.setError("terms_agreed", { type: "custom", message: result.message });
      else if (result.field) form.setError(result.field as Path<Values>, { type: "server", message: result.message });
      else setError(result.message);
    },
    onError: (e: Error) => setError(errorText(e)),
  });

  const text = (
    path: Path<Values>,
    labelKey: string,
    options: { hint?: string; type?: string; placeholder?: string; inputMode?: "numeric"; autoComplete?: string } = {},
  ) => {
    const id = `store-${path.replaceAll(".", "-")}`;
    const fieldError = errorAt(errors, path);
    const required = STORE_REQUIRED_FIELDS.has(path);
    return (
      <FormField
        label={t(labelKey)}
        htmlFor={id}
        hint={options.hint}
        required={required}
        error={fieldMessage(t, locale, path, fieldError, form.getValues(path))}
      >
        <Input
          id={id}
          type={options.type ?? "text"}
          placeholder={options.placeholder}
          inputMode={options.inputMode}
          autoComplete={options.autoComplete}
          aria-invalid={!!fieldError}
          aria-required={required || undefined}
          {...form.register(path)}
        />
      </FormField>
    );
  };
  const list = (
    path: "service_urls" | "business_license.business_types" | "business_license.business_items",
    labelKey: string,
  ) => {
    const id = `store-${path.replaceAll(".", "-")}`;
    const fieldError = errorAt(errors, path) ?? firstItemError(errors, path);
    const required = STORE_REQUIRED_FIELDS.has(path);
    return (
      <FormField
        label={t(labelKey)}
        htmlFor={id}
        hint={t("stores.hint.list")}
        required={required}
        error={fieldMessage(t, locale, path, fieldError)}
      >
        <Controller
          control={form.control}
          name={path}
          render={({ field }) => (
            <ListInput
              id={id}
              value={field.value as string[]}
              onChange={field.onChange}
              invalid={!!fieldError}
              required={required}
            />
          )}
        />
      </FormField>
    );
  };
  const section = (titleKey: string, children: ReactNode) => (
    <Card title={t(titleKey)}>
      <div className="grid gap-3 md:grid-cols-2">{children}</div>
    </Card>
  );

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => {
        setError(null);
        save.mutate(values);
      })}
    >
      {error ? <Alert>{error}</Alert> : null}
      <p className="text-xs text-slate-500" data-testid="store-required-legend">
        <span aria-hidden="true" className="text-red-600">
          *
        </span>{" "}
        {t("stores.requiredLegend")}
      </p>
      {section(
        "stores.section.store",
        <>
          {text("name", "stores.field.name")}
          {editing ? null : text("tier_code", "stores.field.tier_code", { hint: t("stores.hint.tier_code") })}
          {list("service_urls", "stores.field.service_urls")}
        </>,
      )}
      {section(
        "stores.section.manager",
        <>
          {text("manager_name", "stores.field.manager_name")}
          {text("manager_phone_number", "stores.field.manager_phone_number", { type: "tel" })}
          {text("manager_email", "stores.field.manager_email", { type: "email" })}
        </>,
      )}
      {section(
        "stores.section.representative",
        <>
          {text("representative.name_ko", "stores.field.name_ko")}
          {text("representative.name_en", "stores.field.name_en")}
          {text("representative.email", "stores.field.email", { type: "email" })}
          {text("representative.phone_number", "stores.field.phone_number", { type: "tel" })}
          {text("representative.birth_date", "stores.field.birth_date", { placeholder: "yyyy-MM-dd" })}
        </>,
      )}
      {section(
        "stores.section.license",
        <>
          {editing ? null : (
            <FormField label={t("stores.field.taxation_type")} htmlFor="store-business_license-taxation_type" required>
              <Select
                id="store-business_license-taxation_type"
                aria-required
                {...form.register("business_license.taxation_type")}
              >
                {TAXATION_TYPES.map((v) => (
                  <option key={v} value={v}>
                    {t(`stores.taxation.${v}`)}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          {text("business_license.company_name", "stores.field.company_name")}
          {text("business_license.registration_number", "stores.field.registration_number", {
            placeholder: "000-00-00000",
            hint: t("stores.hint.registration_number"),
            inputMode: "numeric",
          })}
          {text("business_license.postal_code", "stores.field.postal_code", {
            placeholder: "00000",
            hint: t("stores.hint.postal_code"),
            inputMode: "numeric",
            autoComplete: "postal-code",
          })}
          {text("business_license.business_location", "stores.field.business_location")}
          {text("business_license.business_location_detail", "stores.field.business_location_detail")}
          {list("business_license.business_types", "stores.field.business_types")}
          {list("business_license.business_items", "stores.field.business_items")}
          {taxation === "CORPORATE" || (editing && store?.business_license.taxation_type === "CORPORATE") ? (
            <>
              {text("business_license.corporate_registration_number", "stores.field.corporate_registration_number")}
              {text("business_license.headquarter_location", "stores.field.headquarter_location")}
            </>
          ) : null}
          {text("business_license.business_establishment_date", "stores.field.business_establishment_date")}
          {text("business_license.issuance_date", "stores.field.issuance_date")}
          {text("business_license.issuance_reason", "stores.field.issuance_reason")}
        </>,
      )}
      {editing ? null : (
        <Card title={t("stores.section.agreements")}>
          <div className="space-y-2">
            {[0, 1].map((i) => (
              <label key={i} className="flex items-center gap-2 text-sm">
                <input type="checkbox" aria-required {...form.register(`terms_agreed.${i}` as Path<Values>)} />{" "}
                {t(`stores.terms.${i}`)}
                <span aria-hidden="true" className="text-red-600" data-required-mark>
                  *
                </span>
              </label>
            ))}
            {errorAt(errors, "terms_agreed") ||
            errorAt(errors, "terms_agreed.0") ||
            errorAt(errors, "terms_agreed.1") ? (
              <p role="alert" className="text-xs text-red-600" data-field-error="terms_agreed">
                {t("stores.err.terms_agreed")}
              </p>
            ) : null}
          </div>
        </Card>
      )}
      <Button type="submit" disabled={save.isPending}>
        {t(editing ? "stores.submit.update" : "stores.submit.create")}
      </Button>
    </form>
  );
}

/** A list field whose items failed (e.g. one URL malformed) reports the first item's error. */
function firstItemError(errors: unknown, path: string): FieldError | undefined {
  let node = errors as Record<string, unknown> | undefined;
  for (const part of path.split(".")) node = node?.[part] as Record<string, unknown> | undefined;
  if (!node || typeof node !== "object") return undefined;
  const first = Object.values(node).find((v) => v && typeof v === "object" && "type" in (v as object));
  return first as FieldError | undefined;
}
