"use client";

import { useState } from "react";
import { useFormat, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Select } from "@/components/ui/input";
import { DATE_PRESETS, dateInZone, dayBoundary, presetRange } from "@/lib/dashboard/date-range";
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PG_PROVIDERS,
  TEXT_SEARCH_COLUMNS,
  TIMESTAMP_TYPES,
} from "@/lib/payments/read/schema";
import { PAYMENT_FAILURE_CODES } from "@/lib/search/schema";
import { usePaymentChannels } from "./use-payment-channels";
import { list, single, withFilters, type UrlQuery } from "./url-state";

/** The filter panel (opened from the chips row); Apply writes every field into the URL at once. */
export function PaymentFilters({
  query,
  onChange,
  onClose,
}: {
  query: UrlQuery;
  onChange: (next: UrlQuery) => void;
  onClose: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const zone = fmt.timeZone;
  const toDay = (v: string) => (v && !Number.isNaN(Date.parse(v)) ? dateInZone(Date.parse(v), zone) : "");
  const [statuses, setStatuses] = useState<string[]>(list(query, "status"));
  const [method, setMethod] = useState(single(query, "methods"));
  const [provider, setProvider] = useState(single(query, "pg_providers"));
  const [from, setFrom] = useState(toDay(single(query, "start")));
  const [to, setTo] = useState(toDay(single(query, "end")));
  const [timestampType, setTimestampType] = useState(single(query, "timestamp_type") || "STATUS_UPDATED_AT");
  const [failure, setFailure] = useState(single(query, "failure_codes"));
  const [channelKey, setChannelKey] = useState(single(query, "channel_keys"));
  const channels = usePaymentChannels();
  const [test, setTest] = useState(single(query, "is_test_payment"));
  const [column, setColumn] = useState(single(query, "text_search_column") || "ALL");
  const [value, setValue] = useState(single(query, "text_search_value"));
  const reversed = from !== "" && to !== "" && from > to;

  const apply = () => {
    if (reversed) return;
    const start = from ? dayBoundary(from, zone) : null;
    const end = to ? dayBoundary(to, zone, true) : null;
    onChange(
      withFilters(query, {
        status: statuses,
        methods: method ? [method] : [],
        pg_providers: provider ? [provider] : [],
        failure_codes: failure ? [failure] : [],
        channel_keys: channelKey ? [channelKey] : [],
        start: start === null ? "" : new Date(start).toISOString(),
        end: end === null ? "" : new Date(end).toISOString(),
        timestamp_type: timestampType === "STATUS_UPDATED_AT" ? "" : timestampType,
        is_test_payment: test,
        text_search_column: value ? column : "",
        text_search_value: value.trim(),
      }),
    );
    onClose();
  };

  return (
    <form
      id="payment-filters"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={t("payments.filters")}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{t("payments.period")}</legend>
        <div className="flex flex-wrap gap-2">
          {DATE_PRESETS.map((p) => (
            <Button
              key={p}
              variant="secondary"
              onClick={() => {
                const r = presetRange(p, Date.now(), zone);
                setFrom(r.from);
                setTo(r.to);
              }}
            >
              {t(`payments.preset.${p}`)}
            </Button>
          ))}
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <FormField label={t("payments.from")} htmlFor="f-from" error={reversed ? t("validation.range") : undefined}>
            <Input
              id="f-from"
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={reversed}
            />
          </FormField>
          <FormField label={t("payments.to")} htmlFor="f-to">
            <Input
              id="f-to"
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={reversed}
            />
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
        </div>
      </fieldset>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("payments.status")}</legend>
        {PAYMENT_STATUSES.map((s) => (
          <label key={s} className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={statuses.includes(s)}
              onChange={(e) => setStatuses(e.target.checked ? [...statuses, s] : statuses.filter((x) => x !== s))}
            />
            {t(`enum.paymentStatus.${s}`)}
          </label>
        ))}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label={t("payments.method")} htmlFor="f-method">
          <Select id="f-method" value={method} onChange={(e) => setMethod(e.target.value)}>
            <option value="">{t("payments.any")}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`enum.method.${m}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t("payments.provider")} htmlFor="f-provider">
          <Select id="f-provider" value={provider} onChange={(e) => setProvider(e.target.value)}>
            <option value="">{t("payments.any")}</option>
            {PG_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {t(`enum.pgProvider.${p}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t("payments.channelUsed")} htmlFor="f-channel">
          <Select id="f-channel" value={channelKey} onChange={(e) => setChannelKey(e.target.value)}>
            <option value="">{t("payments.any")}</option>
            {(channels.data ?? []).map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t("payments.failureReason")} htmlFor="f-failure">
          <Select id="f-failure" value={failure} onChange={(e) => setFailure(e.target.value)}>
            <option value="">{t("payments.any")}</option>
            {PAYMENT_FAILURE_CODES.map((c) => (
              <option key={c} value={c}>
                {t(`decline.${c}`)}
              </option>
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
      </div>
      <details className="text-sm" open={Boolean(single(query, "text_search_value"))}>
        <summary className="cursor-pointer font-medium text-slate-700">{t("payments.exactSearch")}</summary>
        <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <FormField label={t("payments.searchColumn")} htmlFor="f-column" hint={t("payments.exactSearchHint")}>
            <Select id="f-column" value={column} onChange={(e) => setColumn(e.target.value)}>
              {TEXT_SEARCH_COLUMNS.map((c) => (
                <option key={c} value={c}>
                  {t(`payments.column.${c}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t("payments.searchValue")} htmlFor="f-value">
            <Input id="f-value" value={value} onChange={(e) => setValue(e.target.value)} />
          </FormField>
        </div>
      </details>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reversed}>
          {t("payments.apply")}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t("payments.close")}
        </Button>
      </div>
    </form>
  );
}
