import { localizedCsvColumns } from "@/lib/dashboard/csv-columns";
import type { DashboardContext } from "@/lib/dashboard/context";
import type { Locale } from "@/lib/i18n/dictionary";
import { exportPaymentsCsv } from "@/lib/payments/read/export-payments-csv";
import { resolveWindow } from "@/lib/payments/read/scope";
import { planSearch } from "./repository/query";
import type { DashboardPaymentsQuery } from "./schema";
import { dashboardScope } from "./search-payments";

/**
 * The dashboard's CSV export of the current view: the payments page's scope, filters and search
 * (all time when searching without dates), in the reader's language and time zone. The lines come
 * as they are read (batches of 500), so an export of any size streams.
 */
export async function exportDashboardPayments({
  ctx,
  input,
}: {
  ctx: DashboardContext;
  input: { query: DashboardPaymentsQuery; locale: Locale; timeZone: string };
}): Promise<AsyncGenerator<string>> {
  const { query, locale, timeZone } = input;
  const q = query.q;
  return exportPaymentsCsv(
    dashboardScope(ctx, query.scope ?? (q ? "all" : "store")),
    query,
    resolveWindow({ start: query.start ?? (q ? 0 : undefined), end: query.end }),
    500,
    { columns: localizedCsvColumns(locale, timeZone), search: q ? await planSearch(q) : undefined },
  );
}
