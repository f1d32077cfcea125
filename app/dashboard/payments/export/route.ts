import { queryToObject } from "@/lib/api/query";
import { invalidQuery } from "@/lib/dashboard/invalid-query";
import { csvDownload, fileStamp } from "@/lib/dashboard/csv-download";
import { dashboardRoute } from "@/lib/dashboard/route";
import { getTranslator } from "@/lib/i18n/server";
import { exportDashboardPayments } from "@/lib/search/export-dashboard-payments";
import { dashboardPaymentsQuery } from "@/lib/search/schema";

/** The CSV of the current view (same filters and search as the page), in the reader's language and time zone. */
export const GET = dashboardRoute({ write: false }, async ({ ctx, request }) => {
  const parsed = dashboardPaymentsQuery.safeParse(queryToObject(new URL(request.url).searchParams));
  if (!parsed.success) return invalidQuery(parsed.error);
  const { locale, timeZone } = await getTranslator();
  const rows = await exportDashboardPayments({ ctx, input: { query: parsed.data, locale, timeZone } });
  return csvDownload(rows, `payments-${fileStamp()}.csv`);
});
