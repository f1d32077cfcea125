import { queryToObject } from "@/lib/api/query";
import { dashboardRoute } from "@/lib/dashboard/route";
import { getTranslator } from "@/lib/i18n/server";
import { exportDashboardPayments } from "@/lib/search/export-dashboard-payments";
import { dashboardPaymentsQuery } from "@/lib/search/schema";

/**
 * The dashboard's CSV export of the current view (same filters and search as the page, session
 * cookie), streamed, in the reader's language and time zone.
 */
export const GET = dashboardRoute({ write: false }, async ({ ctx, request }) => {
  const parsed = dashboardPaymentsQuery.safeParse(queryToObject(new URL(request.url).searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return Response.json(
      { code: "INVALID_REQUEST", message: `${issue?.path.join(".")}: ${issue?.message}`, field: issue?.path.join(".") },
      { status: 400 },
    );
  }
  const { locale, timeZone } = await getTranslator();
  const rows = await exportDashboardPayments({ ctx, input: { query: parsed.data, locale, timeZone } });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    // A byte-order mark, so spreadsheet programs read the Korean text as UTF-8.
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="payments-${stamp}.csv"`,
      "cache-control": "no-store",
    },
  });
});
