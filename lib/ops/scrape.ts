import { createHash, timingSafeEqual } from "node:crypto";
import { jobHandlers } from "@/lib/jobs/handlers";
import { jobBacklog } from "./job-backlog";
import { metrics, type Metrics } from "./metrics";
import { poolStats } from "./repository";
import { countUnsettled } from "./unsettled";
import { recentChannelHealth } from "@/lib/routing/health";

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
function authorized(request: Request, token: string): boolean {
  const header = request.headers.get("authorization") ?? "";
  const [scheme, given] = header.trim().split(/\s+/, 2);
  return scheme?.toLowerCase() === "bearer" && !!given && timingSafeEqual(digest(given), digest(token));
}

/** Database-wide gauges, read at scrape time (not on the request path). */
async function refreshDatabaseGauges(m: Metrics, now: number): Promise<void> {
  const [backlog, unsettled, channels] = await Promise.all([
    jobBacklog(now),
    countUnsettled(),
    recentChannelHealth(now),
  ]);
  for (const gauge of [
    m.jobsReady,
    m.jobsRunning,
    m.jobsDead,
    m.jobOldestReadyAge,
    m.unsettled,
    m.unsettledOldestAge,
    m.dbPoolConnections,
    m.channelCalls,
    m.channelLatencyP95,
    m.channelCircuitOpen,
  ])
    gauge.reset();
  for (const h of channels) {
    const labels = { channel: h.channelId, provider: h.pgProvider, mode: h.type };
    for (const [outcome, rate] of [
      ["SUCCEEDED", h.successRate],
      ["DECLINED", h.declineRate],
      ["FAILED", h.failureRate],
    ] as const)
      m.channelCalls.set({ ...labels, outcome }, Math.round((rate ?? 0) * h.calls));
    if (h.p95LatencyMs !== null) m.channelLatencyP95.set(labels, h.p95LatencyMs / 1000);
    m.channelCircuitOpen.set({ ...labels, state: h.circuit.state }, h.circuit.state === "CLOSED" ? 0 : 1);
  }
  const byQueue = new Map(backlog.map((b) => [b.queue, b]));
  for (const queue of new Set([...Object.keys(jobHandlers), ...byQueue.keys()])) {
    const b = byQueue.get(queue);
    m.jobsReady.set({ queue }, b?.ready ?? 0);
    m.jobsRunning.set({ queue }, b?.running ?? 0);
    m.jobsDead.set({ queue }, b?.dead ?? 0);
    m.jobOldestReadyAge.set({ queue }, b?.oldestReadyAt == null ? 0 : Math.max(0, (now - b.oldestReadyAt) / 1000));
  }
  for (const [kind, u] of [
    ["transaction", unsettled.transactions],
    ["cancellation", unsettled.cancellations],
  ] as const) {
    m.unsettled.set({ kind }, u.count);
    m.unsettledOldestAge.set({ kind }, u.oldestAt === null ? 0 : Math.max(0, (now - u.oldestAt) / 1000));
  }
  const pool = poolStats();
  if (pool) for (const [state, value] of Object.entries(pool)) m.dbPoolConnections.set({ state }, value);
}

/**
 * GET /metrics: 404 when METRICS_TOKEN is unset (the endpoint does not exist), 401 without the
 * token, else the Prometheus text exposition. `database: false` for processes that only report
 * their own counters (standalone workers), so database-wide gauges come from the web app alone.
 */
export async function scrapeMetrics(
  request: Request,
  options: { database: boolean } = { database: true },
): Promise<Response> {
  const token = process.env.METRICS_TOKEN;
  const m = metrics();
  if (!token || !m) return new Response("not found\n", { status: 404, headers: { "content-type": "text/plain" } });
  if (!authorized(request, token)) {
    return new Response("unauthorized\n", {
      status: 401,
      headers: { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  if (options.database) await refreshDatabaseGauges(m, Date.now());
  return new Response(await m.registry.metrics(), {
    headers: { "content-type": m.registry.contentType, "cache-control": "no-store" },
  });
}
