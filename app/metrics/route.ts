import { scrapeMetrics } from "@/lib/ops/scrape";

export const dynamic = "force-dynamic";

/** Prometheus scrape endpoint, behind `Authorization: Bearer $METRICS_TOKEN` (404 when unset). */
export function GET(request: Request) {
  return scrapeMetrics(request);
}
