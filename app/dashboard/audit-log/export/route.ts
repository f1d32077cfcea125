import { auditCsvLines } from "@/lib/audit/export-audit-csv";
import { auditFiltersFromQuery } from "@/lib/audit/url-filters";
import { getDashboardContext } from "@/lib/dashboard/context";

/** The filtered audit log as CSV (UTF-8 with BOM), streamed; with each entry's hash, to check offline. */
export async function GET(request: Request): Promise<Response> {
  const ctx = await getDashboardContext();
  if (!ctx) return Response.json({ code: "UNAUTHORIZED", message: "sign in again" }, { status: 401 });
  if (ctx.storeLimited) return Response.json({ code: "NOT_FOUND", message: "not found" }, { status: 404 });
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
}
