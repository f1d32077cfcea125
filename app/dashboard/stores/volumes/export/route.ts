import { queryToObject } from "@/lib/api/query";
import { csvDownload, fileStamp } from "@/lib/dashboard/csv-download";
import { dashboardRoute } from "@/lib/dashboard/route";
import { exportStoreVolumesCsv } from "@/lib/stores/store-volumes-csv";
import { parseStoreVolumesQuery } from "@/lib/stores/volumes-query";

/** The all-stores view's CSV (same period, data and sort as the page), with Korean headers. */
export const GET = dashboardRoute({ write: false }, async ({ ctx, request }) => {
  if (!ctx.hasHostingContract) return Response.json({ code: "NOT_FOUND", message: "not found" }, { status: 404 });
  const query = parseStoreVolumesQuery(queryToObject(new URL(request.url).searchParams));
  return csvDownload(exportStoreVolumesCsv({ ctx, input: query }), `stores-${query.period}-${fileStamp()}.csv`);
});
