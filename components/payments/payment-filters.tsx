"use client";

import { useState } from "react";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { PAYMENT_METHODS, PAYMENT_STATUSES, PG_PROVIDERS, TEXT_SEARCH_COLUMNS, TIMESTAMP_TYPES } from "@/lib/payments/list-schema";
import { list, single, withFilters, type UrlQuery } from "./url-state";

/** yyyy-MM-dd in the browser's zone <-> RFC 3339 (start of that day, or end of it for "to"). */
function toDateInput(value: string): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function fromDateInput(value: string, endOfDay: boolean): string {
  if (!value) return "";
  const [y, m, d] = value.split("-").map(Number);
  const date = endOfDay ? new Date(y!, m! - 1, d!, 23, 59, 59, 999) : new Date(y!, m! - 1, d!);
  return date.toISOString();
}

/** The filter form; Apply writes every field into the URL at once. */
export function PaymentFilters({ query, onChange }: { query: UrlQuery; onChange: (next: UrlQuery) => void }) {
  const t = useT();
  const [statuses, setStatuses] = useState<string[]>(list(query, "status"));
  const [method, setMethod] = useState(single(query, "methods"));
  const [provider, setProvider] = useState(single(query, "pg_providers"));
  const [from, setFrom] = useState(toDateInput(single(query, "start")));
  const [to, setTo] = useState(toDateInput(single(query, "end")));
  const [timestampType, setTimestampType] = useState(single(query, "timestamp_type") || "STATUS_UPDATED_AT");
  const [test, setTest] = useState(single(query, "is_test_payment"));
  const [column, setColumn] = useState(single(query, "text_search_column") || "ALL");
  const [value, setValue] = useState(single(query, "text_search_value"));

  const apply = () =>
    onChange(
      withFilters(query, {
        status: statuses,
        methods: method ? [method] : [],
        pg_providers: provider ? [provider] : [],
        start: fromDateInput(from, false),
        end: fromDateInput(to, true),
        timestamp_type: timestampType === "STATUS_UPDATED_AT" ? "" : timestampType,
        is_test_payment: test,
        text_search_column: value ? column : "",
        text_search_value: value.trim(),
      }),
    );

  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={t("payments.filters")}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <fieldset className="flex flex-wrap gap-3 text-sm">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("payments.status")}</legend>
        {PAYMENT_STATUSES.map((s) => (
          <label key={s} className="flex items-center gap-1">
            <input type="checkbox" checked={statuses.includes(s)} onChange={(e) => setStatuses(e.target.checked ? [...statuses, s] : statuses.filter((x) => x !== s))} />
            {s}
          </label>
        ))}
      </fieldset>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <FormField label={t("payments.method")} htmlFor="f-method">
          <Select id="f-method" value={method} onChange={(e) => setMethod(e.target.value)}>
            <option value="">{t("payments.any")}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </Select>
        </FormField>
        <FormField label={t("payments.provider")} htmlFor="f-provider">
          <Select id="f-provider" value={provider} onChange={(e) => setProvider(e.target.value)}>
            <option value="">{t("payments.any")}</option>
            {PG_PROVIDERS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </Select>
        </FormField>
        <FormField label={t("payments.testPayments")} htmlFor="f-test">
          <Select id="f-test" value={test} onChange={(e) => setTest(e.target.value)}>
            <option value="">{t("payments.any")}</option>
            <option value="true">{t("payments.test.only")}</option>
            <option value="false">{t("payments.test.exclude")}</option>
          </Select>
        </FormField>
        <FormField label={t("payments.timestampType")} htmlFor="f-ts">
          <Select id="f-ts" value={timestampType} onChange={(e) => setTimestampType(e.target.value)}>
            {TIMESTAMP_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`payments.ts.${v}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t("payments.from")} htmlFor="f-from">
          <Input id="f-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField label={t("payments.to")} htmlFor="f-to">
          <Input id="f-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
        <FormField label={t("payments.searchColumn")} htmlFor="f-column">
          <Select id="f-column" value={column} onChange={(e) => setColumn(e.target.value)}>
            {TEXT_SEARCH_COLUMNS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </FormField>
        <FormField label={t("payments.searchValue")} htmlFor="f-value">
          <Input id="f-value" value={value} onChange={(e) => setValue(e.target.value)} />
        </FormField>
      </div>
      <div className="flex gap-2">
        <Button type="submit">{t("payments.apply")}</Button>
        <Button type="button" variant="secondary" onClick={() => onChange({})}>
          {t("payments.reset")}
        </Button>
      </div>
    </form>
  );
}
