"use client";

import { useT } from "@/components/i18n-provider";
import { PAYMENT_COLUMNS, type PaymentColumn } from "@/lib/saved-views/schema";

const LABEL: Record<PaymentColumn, string> = {
  order_name: "payments.orderName",
  status: "payments.status",
  net: "payments.netAmount",
  failure: "payments.failureReason",
  method: "payments.method",
  provider: "payments.provider",
  customer: "payments.customer",
  requested_at: "payments.requestedAt",
  status_updated_at: "payments.statusUpdatedAt",
};

/** A disclosure of checkboxes: the table's optional columns. */
export function ColumnPicker({
  columns,
  onChange,
}: {
  columns: PaymentColumn[];
  onChange: (next: PaymentColumn[]) => void;
}) {
  const t = useT();
  return (
    <details className="relative text-sm">
      <summary className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium">
        {t("views.columns")}
      </summary>
      <fieldset className="absolute z-10 mt-1 w-56 space-y-1 rounded-md border border-slate-200 bg-white p-2 shadow">
        <legend className="sr-only">{t("views.columns")}</legend>
        {PAYMENT_COLUMNS.map((c) => (
          <label key={c} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={columns.includes(c)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? PAYMENT_COLUMNS.filter((x) => x === c || columns.includes(x))
                    : columns.filter((x) => x !== c),
                )
              }
            />
            {t(LABEL[c])}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
