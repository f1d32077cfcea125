import { auditCsvLines } from "@/lib/audit/export-audit-csv";
import { auditFiltersFromQuery } from "@/lib/audit/url-filters";
import { dashboardRoute } from "@/lib/dashboard/route";

/** The filtered audit log as CSV (UTF-8 with BOM), streamed; with each entry's hash, to check offline. */
export const GET = dashboardRoute({ write: false, merchantWide: true }, async ({ ctx, request }) => {
  const filters = auditFiltersFromQuery(Object.fromEntries(new URL(request.url).searchParams));
  const lines = auditCsvLines({ ctx, input: filters });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="audit-log-${stamp}.csv"`,
      "cache-control": "no-store",
    },
  });
});
