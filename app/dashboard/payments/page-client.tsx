"use client";

import { QueryError } from "@/components/ui/query-error";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "@/components/i18n-provider";
import { KeyInForm, type TestChannel } from "@/components/payments/key-in-form";
import { PaymentFilters } from "@/components/payments/payment-filters";
import { PaymentsTable } from "@/components/payments/payments-table";
import { queryFromSearch, searchFromQuery, single, withFilters, type UrlQuery } from "@/components/payments/url-state";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Alert, PageHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
import { unwrap } from "@/lib/dashboard/unwrap";
import { instantPayAction, listPaymentsAction } from "./actions";

export const PAYMENTS_KEY = ["payments"] as const;

export function PaymentsClient({ storeId, canWrite, testChannels }: { storeId: string; canWrite: boolean; testChannels: TestChannel[] }) {
  const t = useT();
  const [keyInOpen, setKeyInOpen] = useState(false);
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = searchParams.toString();
  const query = useMemo(() => queryFromSearch(new URLSearchParams(search)), [search]);
  // The URL updates in a transition; changes made before it lands build on the latest request, not on stale state.
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  }, [query]);
  const update = useCallback(
    (change: (current: UrlQuery) => UrlQuery) => {
      latest.current = change(latest.current);
      router.replace(`${pathname}?${searchFromQuery(latest.current)}`, { scroll: false });
    },
    [router, pathname],
  );
  const navigate = useCallback((next: UrlQuery) => update(() => next), [update]);

  const payments = useQuery({
    queryKey: [...PAYMENTS_KEY, storeId, search],
    queryFn: async () => unwrap(await listPaymentsAction(query as Parameters<typeof listPaymentsAction>[0])),
    placeholderData: keepPreviousData,
  });

  const sort = {
    by: (single(query, "sort_by") || single(query, "timestamp_type") || "STATUS_UPDATED_AT") as "REQUESTED_AT" | "STATUS_UPDATED_AT",
    order: (single(query, "sort_order") || "DESCENDING") as "ASCENDING" | "DESCENDING",
  };
  const onSort = useCallback((s: typeof sort) => update((q) => withFilters(q, { sort_by: s.by, sort_order: s.order })), [update]);
  const page = Number(single(query, "page") || 0);
  const limit = single(query, "limit") || "10";
  const data = payments.data;
  const exportQuery = searchFromQuery(withFilters(query, { page: undefined, limit: undefined }));

  return (
    <div className="space-y-4">
      <PageHeader title={t("payments.title")}>
        {canWrite ? (
          <Button variant={keyInOpen ? "secondary" : "primary"} onClick={() => setKeyInOpen(!keyInOpen)} aria-expanded={keyInOpen}>
            {t("payments.keyIn")}
          </Button>
        ) : null}
        <a className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100" href={`/dashboard/payments/export?${exportQuery}`} download>
          {t("payments.exportCsv")}
        </a>
      </PageHeader>
      {keyInOpen ? <KeyInForm channels={testChannels} pay={instantPayAction} /> : null}
      <PaymentFilters key={search} query={query} onChange={navigate} />
      {payments.error ? <QueryError error={payments.error} onRetry={() => void payments.refetch()} /> : null}
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span data-testid="payments-total">{t("payments.totalCount", { count: data?.total_count ?? 0 })}</span>
        <label className="flex items-center gap-2">
          {t("payments.perPage")}
          <Select className="w-24" value={limit} onChange={(e) => update((q) => withFilters(q, { limit: e.target.value }))} aria-label={t("payments.perPage")}>
            {["10", "50", "100", "1000"].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </Select>
        </label>
      </div>
      <PaymentsTable payments={data?.payments ?? []} sort={sort} onSort={onSort} />
      <Pager page={page} pageCount={data?.total_page ?? 1} onPage={(p) => update((q) => ({ ...q, page: String(p) }))} testId="payments-page" />
    </div>
  );
}
