import { auditCsvLines } from "@/lib/audit/export-audit-csv";
import { auditFiltersFromQuery } from "@/lib/audit/url-filters";
import { csvDownload, fileStamp } from "@/lib/dashboard/csv-download";
import { dashboardRoute } from "@/lib/dashboard/route";

/** The filtered audit log as CSV, streamed; with each entry's hash, to check offline. */
export const GET = dashboardRoute({ write: false, merchantWide: true }, async ({ ctx, request }) => {
  const filters = auditFiltersFromQuery(Object.fromEntries(new URL(request.url).searchParams));
  return csvDownload(auditCsvLines({ ctx, input: filters }), `audit-log-${fileStamp()}.csv`);
});
