"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFormat, useT } from "@/components/i18n-provider";
import { FilterChips } from "@/components/payments/filter-chips";
import type { TestChannel, TestGroup } from "@/components/payments/key-in-form";
import { PaymentFilters } from "@/components/payments/payment-filters";
import { PaymentsTable } from "@/components/payments/payments-table";
import { ColumnPicker } from "@/components/payments/column-picker";
import { columnsFromSearch, SavedViews } from "@/components/payments/saved-views";
import { SearchBox } from "@/components/payments/search-box";
import { queryFromSearch, searchFromQuery, single, withFilters, type UrlQuery } from "@/components/payments/url-state";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
import { Pager } from "@/components/ui/pager";
import { QueryError } from "@/components/ui/query-error";
import { Skeleton } from "@/components/ui/skeleton";
import { unwrap } from "@/lib/dashboard/unwrap";
import { instantPayAction, listPaymentsAction } from "@/components/payments/actions";

const PAYMENTS_KEY = ["payments"] as const;

// The key-in form (and its validation library) loads when it is opened.
const KeyInForm = dynamic(() => import("@/components/payments/key-in-form").then((m) => m.KeyInForm), {
  loading: () => <Skeleton className="h-72 w-full" />,
});

export function PaymentsClient({
  storeId,
  canWrite,
  testChannels,
  testGroups,
  stores,
  storeLimited,
}: {
  storeId: string;
  canWrite: boolean;
  testChannels: TestChannel[];
  testGroups: TestGroup[];
  stores: { id: string; name: string }[];
  storeLimited: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const [keyInOpen, setKeyInOpen] = useState(false);
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = searchParams.toString();
  const query = useMemo(() => queryFromSearch(new URLSearchParams(search)), [search]);
  // `view` (the saved view) and `cols` (visible columns) arrange the page; the rest filters the list.
  const listQuery = useMemo(
    () => withFilters(query, { view: undefined, cols: undefined, page: single(query, "page") || undefined }),
    [query],
  );
  const columns = useMemo(() => columnsFromSearch(single(query, "cols")), [query]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Changes made before the URL lands build on the latest request, not on stale state.
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  }, [query]);
  // Filters, sorting and paging only change the URL: the list is fetched here, from the search
  // params, so the server has nothing to render again. Next's router follows replaceState (the
  // search params update) without a server round trip; a router navigation also left the document
  // without a <title> for a moment, every time.
  const update = useCallback(
    (change: (current: UrlQuery) => UrlQuery) => {
      latest.current = change(latest.current);
      window.history.replaceState(null, "", `${pathname}?${searchFromQuery(latest.current)}`);
    },
    [pathname],
  );
  const navigate = useCallback((next: UrlQuery) => update(() => next), [update]);

  const payments = useQuery({
    queryKey: [...PAYMENTS_KEY, storeId, search],
    queryFn: async () => unwrap(await listPaymentsAction(listQuery as Parameters<typeof listPaymentsAction>[0])),
    placeholderData: keepPreviousData,
  });

  const sort = {
    by: (single(query, "sort_by") || single(query, "timestamp_type") || "STATUS_UPDATED_AT") as
      | "REQUESTED_AT"
      | "STATUS_UPDATED_AT",
    order: (single(query, "sort_order") || "DESCENDING") as "ASCENDING" | "DESCENDING",
  };
  const onSort = useCallback(
    (s: typeof sort) => update((q) => withFilters(q, { sort_by: s.by, sort_order: s.order })),
    [update],
  );
  const page = Number(single(query, "page") || 0);
  const limit = single(query, "limit") || "10";
  const data = payments.data;
  const q = single(query, "q");
  const scope = single(query, "scope") || (q ? "all" : "store");
  const acrossStores = scope === "all" && !storeLimited && stores.length > 1;
  const exportQuery = searchFromQuery(withFilters(listQuery, { page: undefined, limit: undefined }));

  return (
    <div className="space-y-4">
      <PageHeader title={t("payments.title")}>
        {canWrite ? (
          <Button
            variant={keyInOpen ? "secondary" : "primary"}
            onClick={() => setKeyInOpen(!keyInOpen)}
            aria-expanded={keyInOpen}
          >
            {t("payments.keyIn")}
          </Button>
        ) : null}
        <a
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-slate-100"
          href={`/dashboard/payments/export?${exportQuery}`}
          download
        >
          {t("payments.exportCsv")}
        </a>
      </PageHeader>
      {keyInOpen ? <KeyInForm channels={testChannels} groups={testGroups} pay={instantPayAction} /> : null}
      <div className="flex flex-wrap items-end justify-between gap-2">
        <SavedViews
          activeId={single(query, "view")}
          search={searchFromQuery(withFilters(query, { view: undefined, cols: undefined }))}
          columns={columns}
          canShare={canWrite}
          onOpen={(next) => router.replace(`${pathname}${next ? `?${next}` : ""}`, { scroll: false })}
        />
        <ColumnPicker
          columns={columns}
          onChange={(next) => update((cur) => ({ ...cur, cols: next.join(",") || "none" }))}
        />
      </div>
      <SearchBox
        key={`q-${q}`}
        value={q}
        onSearch={(value) => update((current) => withFilters(current, { q: value, scope: undefined }))}
      />
      {q && stores.length > 1 && !storeLimited ? (
        <fieldset className="flex min-w-0 flex-wrap items-center gap-2 text-sm" aria-label={t("payments.scope")}>
          <span className="text-slate-600">{t("payments.scope")}:</span>
          {(["all", "store"] as const).map((s) => (
            <Button
              key={s}
              variant={scope === s ? "primary" : "secondary"}
              aria-pressed={scope === s}
              onClick={() => update((current) => withFilters(current, { scope: s }))}
            >
              {t(`payments.scope.${s}`)}
            </Button>
          ))}
        </fieldset>
      ) : null}
      <FilterChips query={query} onChange={navigate} open={filtersOpen} onToggle={() => setFiltersOpen((o) => !o)} />
      {filtersOpen ? (
        <PaymentFilters key={search} query={query} onChange={navigate} onClose={() => setFiltersOpen(false)} />
      ) : null}
      {payments.error ? <QueryError error={payments.error} onRetry={() => void payments.refetch()} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span data-testid="payments-total" aria-live="polite">
          {data ? (
            data.count_capped ? (
              t("payments.totalCountCapped", { count: fmt.number(data.total_count) })
            ) : (
              t("payments.totalCount", { count: data.total_count })
            )
          ) : payments.isPending ? (
            <Skeleton className="h-4 w-24" />
          ) : null}
        </span>
        <label className="flex items-center gap-2 whitespace-nowrap">
          {t("payments.perPage")}
          <Select
            className="w-24"
            value={limit}
            onChange={(e) => update((cur) => withFilters(cur, { limit: e.target.value }))}
            aria-label={t("payments.perPage")}
          >
            {["10", "50", "100", "1000"].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </Select>
        </label>
      </div>
      <div className={payments.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        <PaymentsTable
          payments={data?.payments}
          loading={payments.isPending}
          sort={sort}
          onSort={onSort}
          currentStoreId={storeId}
          stores={acrossStores ? stores : undefined}
          emptyText={q ? t("payments.noMatches", { q }) : t("payments.empty")}
          visible={columns}
        />
      </div>
      <Pager
        page={page}
        pageCount={data?.total_page ?? 1}
        onPage={(p) => update((cur) => ({ ...cur, page: String(p) }))}
        testId="payments-page"
      />
    </div>
  );
}
