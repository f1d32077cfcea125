"use client";

import { useFormat, useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { usePaymentChannels } from "./use-payment-channels";
import { list, single, withFilters, type UrlQuery } from "./url-state";

type Chip = { id: string; label: string; remove: Record<string, undefined> };

/** The active filters as removable chips, and the button that opens the full panel. */
export function FilterChips({
  query,
  onChange,
  open,
  onToggle,
}: {
  query: UrlQuery;
  onChange: (next: UrlQuery) => void;
  open: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const channels = usePaymentChannels();
  const chips: Chip[] = [];
  const start = single(query, "start");
  const end = single(query, "end");
  if (start || end)
    chips.push({
      id: "date",
      label: `${t("payments.period")}: ${start ? fmt.date(start) : "…"} – ${end ? fmt.date(end) : "…"}`,
      remove: { start: undefined, end: undefined },
    });
  const statuses = list(query, "status");
  if (statuses.length)
    chips.push({
      id: "status",
      label: `${t("payments.status")}: ${statuses.map((s) => t(`enum.paymentStatus.${s}`)).join(", ")}`,
      remove: { status: undefined },
    });
  const methods = list(query, "methods");
  if (methods.length)
    chips.push({
      id: "method",
      label: `${t("payments.method")}: ${methods.map((m) => t(`enum.method.${m}`)).join(", ")}`,
      remove: { methods: undefined },
    });
  const providers = list(query, "pg_providers");
  if (providers.length)
    chips.push({
      id: "provider",
      label: `${t("payments.provider")}: ${providers.map((p) => t(`enum.pgProvider.${p}`)).join(", ")}`,
      remove: { pg_providers: undefined },
    });
  const channelKeys = list(query, "channel_keys");
  if (channelKeys.length)
    chips.push({
      id: "channel",
      label: `${t("payments.channelUsed")}: ${channelKeys
        .map((k) => channels.data?.find((c) => c.key === k)?.name ?? k)
        .join(", ")}`,
      remove: { channel_keys: undefined },
    });
  const failures = list(query, "failure_codes");
  if (failures.length)
    chips.push({
      id: "failure",
      label: `${t("payments.failureReason")}: ${failures.map((c) => t(`decline.${c}`)).join(", ")}`,
      remove: { failure_codes: undefined },
    });
  const test = single(query, "is_test_payment");
  if (test)
    chips.push({
      id: "test",
      label: test === "true" ? t("payments.test.only") : t("payments.test.exclude"),
      remove: { is_test_payment: undefined },
    });
  if (single(query, "timestamp_type") === "REQUESTED_AT")
    chips.push({
      id: "ts",
      label: `${t("payments.timestampType")}: ${t("payments.ts.REQUESTED_AT")}`,
      remove: { timestamp_type: undefined },
    });
  const exact = single(query, "text_search_value");
  if (exact)
    chips.push({
      id: "exact",
      label: `${t(`payments.column.${single(query, "text_search_column") || "ALL"}`)}: ${exact}`,
      remove: { text_search_value: undefined, text_search_column: undefined },
    });
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-chips">
      <Button
        variant={open ? "primary" : "secondary"}
        aria-expanded={open}
        aria-controls={open ? "payment-filters" : undefined}
        onClick={onToggle}
      >
        {t("payments.filters")}
        {chips.length ? (
          <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">{chips.length}</span>
        ) : null}
      </Button>
      {chips.map((c) => (
        <span
          key={c.id}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-slate-300 bg-white py-0.5 pr-1 pl-3 text-sm"
          data-testid={`chip-${c.id}`}
        >
          <span className="truncate">{c.label}</span>
          <button
            type="button"
            className="rounded-full px-1.5 text-slate-500 hover:bg-slate-100"
            aria-label={t("payments.removeFilter", { filter: c.label })}
            onClick={() => onChange(withFilters(query, c.remove))}
          >
            ✕
          </button>
        </span>
      ))}
      {chips.length > 1 ? (
        <Button
          variant="ghost"
          onClick={() =>
            onChange(
              withFilters(query, {
                start: undefined,
                end: undefined,
                status: undefined,
                methods: undefined,
                pg_providers: undefined,
                failure_codes: undefined,
                is_test_payment: undefined,
                timestamp_type: undefined,
                text_search_value: undefined,
                text_search_column: undefined,
              }),
            )
          }
        >
          {t("payments.clearFilters")}
        </Button>
      ) : null}
    </div>
  );
}
