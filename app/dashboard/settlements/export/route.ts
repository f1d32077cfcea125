import { z } from "zod";
import { queryToObject } from "@/lib/api/query";
import { getDashboardContext } from "@/lib/dashboard/context";
import { exportSettlementsCsv } from "@/lib/settlements/export-csv";
import { calendarDate } from "@/lib/settlements/query-schema";

const exportQuery = z.object({ from: calendarDate, to: calendarDate, all: z.enum(["0", "1"]).optional() });

/** The Settlements page's CSV (payout dates from..to), Korean headers, with a BOM so Excel reads UTF-8. */
export async function GET(request: Request): Promise<Response> {
  const ctx = await getDashboardContext();
  if (!ctx) return Response.json({ code: "UNAUTHORIZED", message: "sign in again" }, { status: 401 });
  const parsed = exportQuery.safeParse(queryToObject(new URL(request.url).searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return Response.json(
      { code: "INVALID_REQUEST", message: `${issue?.path.join(".")}: ${issue?.message}`, field: issue?.path.join(".") },
      { status: 400 },
    );
  }
  const rows = exportSettlementsCsv({
    ctx,
    input: { from: parsed.data.from, to: parsed.data.to, all: parsed.data.all === "1" },
  });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
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
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="settlements-${parsed.data.from}-${parsed.data.to}.csv"`,
      "cache-control": "no-store",
    },
  });
}
