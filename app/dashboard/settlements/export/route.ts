import { z } from "zod";
import { queryToObject } from "@/lib/api/query";
import { csvDownload } from "@/lib/dashboard/csv-download";
import { invalidQuery } from "@/lib/dashboard/invalid-query";
import { dashboardRoute } from "@/lib/dashboard/route";
import { exportSettlementsCsv } from "@/lib/settlements/export-csv";
import { calendarDate } from "@/lib/settlements/query-schema";

const exportQuery = z.object({ from: calendarDate, to: calendarDate, all: z.enum(["0", "1"]).optional() });

/** The Settlements page's CSV (payout dates from..to), with Korean headers. */
export const GET = dashboardRoute({ write: false }, async ({ ctx, request }) => {
  const parsed = exportQuery.safeParse(queryToObject(new URL(request.url).searchParams));
  if (!parsed.success) return invalidQuery(parsed.error);
  const { from, to, all } = parsed.data;
  const rows = exportSettlementsCsv({ ctx, input: { from, to, all: all === "1" } });
  return csvDownload(rows, `settlements-${from}-${to}.csv`);
});
