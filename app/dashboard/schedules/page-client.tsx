"use client";

import { useNotice } from "@/components/ui/use-notice";
import { useErrorMessage } from "@/components/ui/error-message";
import { QueryError } from "@/components/ui/query-error";
import { Pager } from "@/components/ui/pager";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useT } from "@/components/i18n-provider";
import { BookScheduleForm, SCHEDULES_QUERY } from "@/components/schedules/book-form";
import { SchedulesTable } from "@/components/schedules/schedules-table";
import { Button } from "@/components/ui/button";
import { Alert, PageHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { SCHEDULE_STATUSES } from "@/lib/schedules/schema";
import { cancelSelectedAction, listSchedulesAction } from "@/components/schedules/actions";

type Status = (typeof SCHEDULE_STATUSES)[number];
const DAY = 86_400_000;

function dateInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 10);
}

/** Local midnight of a `YYYY-MM-DD` value. */
function startOfDay(value: string): number {
  return new Date(`${value}T00:00:00`).getTime();
}

export function SchedulesClient({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const errorText = useErrorMessage();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const queryClient = useQueryClient();
  // Filters live in the URL; the default window covers the recent past and the coming quarter.
  const from = params.get("from") ?? dateInput(Date.now() - 30 * DAY);
  const to = params.get("to") ?? dateInput(Date.now() + 90 * DAY);
  const statuses = (params.get("status") ?? "")
    .split(",")
    .filter((s): s is Status => (SCHEDULE_STATUSES as readonly string[]).includes(s));
  const page = Math.max(0, Number(params.get("page") ?? 0) || 0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useNotice();

  const start = startOfDay(from);
  const end = startOfDay(to) + DAY - 1;
  const schedules = useQuery({
    queryKey: [...SCHEDULES_QUERY, { from, to, statuses, page }],
    queryFn: async () =>
      unwrap(await listSchedulesAction({ start, end, status: statuses.length > 0 ? statuses : undefined, page })),
    enabled: Number.isFinite(start) && Number.isFinite(end) && start <= end,
    // Follow schedules that are running or about to.
    refetchInterval: (q) =>
      q.state.data?.schedules.some(
        (s) => s.status === "STARTED" || (s.status === "SCHEDULED" && Date.parse(s.scheduled_at) < Date.now() + 60_000),
      )
        ? 1000
        : false,
  });

  const setUrl = (next: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === "" || v === 0) search.delete(k);
      else search.set(k, String(v));
    }
    router.replace(`${pathname}?${search.toString()}`);
  };
  const toggleStatus = (s: Status) =>
    setUrl({ status: (statuses.includes(s) ? statuses.filter((x) => x !== s) : [...statuses, s]).join(","), page: 0 });

  const rows = schedules.data?.schedules ?? [];
  const cancel = useMutation({
    mutationFn: async () =>
      unwrap(
        await cancelSelectedAction({
          schedules: rows.filter((s) => selected.has(s.id)).map((s) => ({ id: s.id, billing_key: s.billing_key })),
        }),
      ),
    onSuccess: (res) => {
      setNotice({ kind: "success", text: t("schedules.cancelled", { count: res.cancelled.length }) });
      setSelected(new Set());
    },
    onError: (e: Error) => setNotice({ kind: "error", text: errorText(e) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY }),
  });
  const totalPage = schedules.data?.total_page ?? 1;

  return (
    <div className="space-y-4">
      <PageHeader title={t("schedules.title")} />
      {canWrite ? <BookScheduleForm /> : <Alert kind="info">{t("schedules.viewerCannot")}</Alert>}
      <div className="flex flex-wrap items-end gap-4">
        <label className="text-sm">
          <span className="mb-1 block text-slate-600">{t("schedules.from")}</span>
          <Input type="date" value={from} onChange={(e) => setUrl({ from: e.target.value, page: 0 })} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-slate-600">{t("schedules.to")}</span>
          <Input type="date" value={to} onChange={(e) => setUrl({ to: e.target.value, page: 0 })} />
        </label>
        <fieldset className="flex flex-wrap items-center gap-3 text-sm">
          <legend className="mb-1 text-slate-600">{t("schedules.filterStatus")}</legend>
          {SCHEDULE_STATUSES.map((s) => (
            <label key={s} className="flex items-center gap-1">
              <input type="checkbox" checked={statuses.includes(s)} onChange={() => toggleStatus(s)} />{" "}
              {t(`billing.status.${s}`)}
            </label>
          ))}
        </fieldset>
        {canWrite ? (
          <Button
            variant="danger"
            disabled={selected.size === 0 || cancel.isPending}
            onClick={() => window.confirm(t("schedules.confirmCancel", { count: selected.size })) && cancel.mutate()}
          >
            {t("schedules.cancelSelected")}
          </Button>
        ) : null}
      </div>
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      {schedules.error ? <QueryError error={schedules.error} onRetry={() => void schedules.refetch()} /> : null}
      <SchedulesTable
        schedules={rows}
        selectable={canWrite}
        selected={selected}
        onToggle={(id) =>
          setSelected((prev) => {
            const next = new Set(prev);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            return next;
          })
        }
      />
      {totalPage > 1 ? <Pager page={page} pageCount={totalPage} onPage={(p) => setUrl({ page: p })} /> : null}
    </div>
  );
}
