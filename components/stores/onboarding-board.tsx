"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useT } from "@/components/i18n-provider";
import { EmptyState, PageHeader } from "@/components/ui/card";
import { unwrap } from "@/lib/dashboard/unwrap";
import { APPLICATION_STATUSES } from "@/lib/onboarding/schema";
import { onboardingBoardAction } from "@/components/stores/actions";
import { StatusBadge } from "./application-card";
import { formatDuration } from "@/lib/stores/form-messages";

/** Every sub-store's applications in columns by status, each with its time in that status. */
export function OnboardingBoard() {
  const t = useT();
  const board = useQuery({
    queryKey: ["onboarding-board"],
    queryFn: async () => unwrap(await onboardingBoardAction({})),
    refetchInterval: 30_000,
  });
  const apps = board.data ?? [];
  const columns = APPLICATION_STATUSES.filter(
    (s) =>
      apps.some((a) => a.status === s) ||
      [
        "RECEPTION_SCHEDULED",
        "RECEPTION_COMPLETED",
        "MERCHANT_REVIEWING",
        "CONTRACT_PROCESSING",
        "CONTRACT_COMPLETED",
        "SERVICE_OPEN",
      ].includes(s),
  );
  return (
    <div className="space-y-4">
      <PageHeader title={t("stores.board.title")}>
        <Link href="/dashboard/stores" className="text-sm text-brand underline">
          {t("stores.back")}
        </Link>
      </PageHeader>
      {board.isSuccess && apps.length === 0 ? <EmptyState title={t("stores.board.empty")} /> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
        {columns.map((status) => (
          <section
            key={status}
            className="min-w-0 rounded-lg bg-slate-100 p-2"
            data-testid={`board-column-${status}`}
            aria-label={t(`enum.applicationStatus.${status}`)}
          >
            <h2 className="mb-2 flex items-center justify-between text-xs font-semibold text-slate-700">
              <StatusBadge status={status} /> <span>{apps.filter((a) => a.status === status).length}</span>
            </h2>
            <ul className="space-y-2">
              {apps
                .filter((a) => a.status === status)
                .map((a) => (
                  <li
                    key={a.id}
                    className="rounded-md bg-white p-2 text-sm shadow-sm"
                    data-testid={`board-card-${a.id}`}
                  >
                    <Link
                      href={`/dashboard/stores/${a.store_id}#application-${a.id}`}
                      className="font-medium text-brand"
                    >
                      {a.store_name}
                    </Link>
                    <p className="text-xs text-slate-600">
                      {t(`enum.pgProvider.${a.pg_company}`)} ·{" "}
                      {a.methods.map((m) => t(`enum.methodType.${m}`)).join(", ")}
                    </p>
                    <p className="text-xs text-slate-500">
                      {formatDuration(t, Date.now() - Date.parse(a.status_changed_at))}
                    </p>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
