"use client";

import Link from "next/link";
import { Fragment } from "react";
import { StatusBadge } from "@/components/billing-keys/status-badge";
import { ScrollBox } from "@/components/ui/scroll-box";
import { useLocale, useT, useFormat } from "@/components/i18n-provider";
import type { WireSchedule } from "@/lib/schedules/serialize";
import { TABLE_ROLES } from "@/components/ui/table-roles";

function dayOf(iso: string, locale: string, timeZone: string): string {
  return new Date(iso).toLocaleDateString(locale, {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    weekday: "short",
  });
}

/** Schedules grouped by the (local) day they run; booked rows can be selected for cancelling. */
export function SchedulesTable({
  schedules,
  selected,
  onToggle,
  selectable,
}: {
  schedules: WireSchedule[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  selectable: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const locale = useLocale() === "ko" ? "ko-KR" : "en-US";
  const groups: { day: string; rows: WireSchedule[] }[] = [];
  for (const s of schedules) {
    const day = dayOf(s.scheduled_at, locale, fmt.timeZone);
    const last = groups.at(-1);
    if (last?.day === day) last.rows.push(s);
    else groups.push({ day, rows: [s] });
  }
  return (
    <ScrollBox
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
      label={t("schedules.title")}
    >
      <table
        className="stack-sm min-w-full divide-y divide-slate-200 text-sm"
        data-testid="schedules-table"
        {...TABLE_ROLES.table}
      >
        <thead className="bg-slate-50 text-left text-slate-600" {...TABLE_ROLES.rowgroup}>
          <tr {...TABLE_ROLES.row}>
            <th {...TABLE_ROLES.columnheader} className="px-3 py-2 font-medium">
              {t("schedules.select")}
            </th>
            <th {...TABLE_ROLES.columnheader} className="px-3 py-2 font-medium">
              {t("schedules.scheduledAt")}
            </th>
            <th {...TABLE_ROLES.columnheader} className="px-3 py-2 font-medium">
              {t("schedules.status")}
            </th>
            <th {...TABLE_ROLES.columnheader} className="px-3 py-2 font-medium">
              {t("schedules.paymentId")}
            </th>
            <th {...TABLE_ROLES.columnheader} className="px-3 py-2 font-medium">
              {t("schedules.orderName")}
            </th>
            <th {...TABLE_ROLES.columnheader} className="px-3 py-2 font-medium">
              {t("schedules.amount")}
            </th>
            <th {...TABLE_ROLES.columnheader} className="px-3 py-2 font-medium">
              {t("schedules.billingKey")}
            </th>
            <th {...TABLE_ROLES.columnheader} className="px-3 py-2 font-medium">
              {t("schedules.payment")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100" {...TABLE_ROLES.rowgroup}>
          {groups.length === 0 ? (
            <tr>
              <td colSpan={8} className="px-3 py-6 text-center text-slate-500">
                {t("table.empty")}
              </td>
            </tr>
          ) : null}
          {groups.map((g) => (
            <Fragment key={g.day}>
              <tr className="bg-slate-50/60" {...TABLE_ROLES.row}>
                <th
                  colSpan={8}
                  scope="rowgroup"
                  {...TABLE_ROLES.rowheader}
                  className="px-3 py-1.5 text-left text-xs font-semibold text-slate-500"
                >
                  {g.day}
                </th>
              </tr>
              {g.rows.map((s) => (
                <tr key={s.id} data-testid={`schedule-${s.payment_id}`} {...TABLE_ROLES.row}>
                  <td data-label={t("schedules.select")} {...TABLE_ROLES.cell} className="px-3 py-2">
                    {selectable && s.status === "SCHEDULED" ? (
                      <input
                        type="checkbox"
                        aria-label={`${t("schedules.select")} ${s.payment_id}`}
                        checked={selected.has(s.id)}
                        onChange={() => onToggle(s.id)}
                      />
                    ) : null}
                  </td>
                  <td data-label={t("schedules.scheduledAt")} {...TABLE_ROLES.cell} className="px-3 py-2">
                    {fmt.time(s.scheduled_at)}
                  </td>
                  <td data-label={t("schedules.status")} {...TABLE_ROLES.cell} className="px-3 py-2">
                    <StatusBadge status={s.status} />
                  </td>
                  <td
                    data-label={t("schedules.paymentId")}
                    {...TABLE_ROLES.cell}
                    className="px-3 py-2 font-mono text-xs"
                  >
                    {s.payment_id}
                  </td>
                  <td data-label={t("schedules.orderName")} {...TABLE_ROLES.cell} className="px-3 py-2">
                    {s.order_name}
                  </td>
                  <td data-label={t("schedules.amount")} {...TABLE_ROLES.cell} className="px-3 py-2">
                    {fmt.money(s.total_amount, s.currency)}
                  </td>
                  <td data-label={t("schedules.billingKey")} {...TABLE_ROLES.cell} className="px-3 py-2">
                    <Link
                      className="font-mono text-xs text-brand hover:underline"
                      href={`/dashboard/billing-keys/${encodeURIComponent(s.billing_key)}`}
                    >
                      {s.billing_key.slice(0, 20)}…
                    </Link>
                  </td>
                  <td data-label={t("schedules.payment")} {...TABLE_ROLES.cell} className="px-3 py-2">
                    {s.status === "COMPLETED" ? (
                      <Link
                        className="text-brand hover:underline"
                        href={`/dashboard/payments/${encodeURIComponent(s.payment_id)}`}
                      >
                        {t("schedules.viewPayment")}
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
