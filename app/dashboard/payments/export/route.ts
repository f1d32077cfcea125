import { getDashboardContext } from "@/lib/dashboard/context";
import { exportPaymentsCsv } from "@/lib/payments/csv";
import { resolvePaymentScope, resolveWindow } from "@/lib/payments/list-query";
import { paymentFilterQuery } from "@/lib/payments/list-schema";
import { DomainError, ERROR_STATUS } from "@/lib/api/error-codes";
import { queryToObject } from "@/lib/api/query";

/** The dashboard's CSV export of the current filtered view (session cookie, current store), streamed. */
export async function GET(request: Request): Promise<Response> {
  const ctx = await getDashboardContext();
  if (!ctx) return Response.json({ code: "UNAUTHORIZED", message: "sign in again" }, { status: 401 });
  const parsed = paymentFilterQuery.safeParse(queryToObject(new URL(request.url).searchParams));
  if (!parsed.success) return Response.json({ code: "INVALID_REQUEST", message: parsed.error.issues[0]?.message ?? "invalid query" }, { status: 400 });
  let rows: AsyncGenerator<string>;
  try {
    const filters = parsed.data;
    rows = exportPaymentsCsv(await resolvePaymentScope(ctx, ctx.storeId), filters, resolveWindow(filters));
  } catch (error) {
    if (error instanceof DomainError) return Response.json({ code: error.code, message: error.message }, { status: ERROR_STATUS[error.code] });
    throw error;
  }
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
}
