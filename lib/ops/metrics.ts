/**
 * Prometheus metrics (prom-client), on only when METRICS_TOKEN is set: with it unset nothing is
 * recorded and /metrics answers 404. Recording is a label lookup and an addition, so the hot path
 * stays cheap (measured in bench/metrics-overhead.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "API requests by route template, method and status; _count is the request count",
      labelNames: ["method", "route", "status"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    jobRuns: new Counter({
      name: "job_runs_total",
      help: "Jobs run by this process, by queue and outcome (done, retry, failed = gave up, lost = lease taken over)",
      labelNames: ["queue", "outcome"] as const,
      registers,
    }),
    jobRunDuration: new Histogram({
      name: "job_run_duration_seconds",
      help: "Time a job's handler ran",
      labelNames: ["queue"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    jobsReady: new Gauge({
      name: "jobs_ready",
      help: "Jobs due and waiting for a worker, per queue",
      labelNames: ["queue"] as const,
      registers,
    }),
    jobsRunning: new Gauge({
      name: "jobs_running",
      help: "Jobs leased by a worker, per queue",
      labelNames: ["queue"] as const,
      registers,
    }),
    jobsDead: new Gauge({
      name: "jobs_dead",
      help: "Jobs that used up their attempts (FAILED), per queue",
      labelNames: ["queue"] as const,
      registers,
    }),
    jobOldestReadyAge: new Gauge({
      name: "job_oldest_ready_age_seconds",
      help: "How long the oldest due job has waited, per queue",
      labelNames: ["queue"] as const,
      registers,
    }),
    providerCallDuration: new Histogram({
      name: "provider_call_duration_seconds",
      help: "Calls to payment providers by provider, channel mode, operation and outcome (ok, refused, error)",
      labelNames: ["provider", "mode", "operation", "outcome"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    webhookAttempts: new Counter({
      name: "webhook_attempts_total",
      help: "Webhook delivery attempts by outcome (SUCCEEDED, REQUEST_FAILED, CONNECT_FAILED)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: "webhook_deliveries_total",
      help: "Webhook deliveries that reached a final state (succeeded, failed = retries used up)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    unsettled: new Gauge({
      name: "payments_unsettled",
      help: "Payment attempts and cancellations whose outcome is not known yet",
      labelNames: ["kind"] as const,
      registers,
    }),
    unsettledOldestAge: new Gauge({
      name: "payments_unsettled_oldest_age_seconds",
      help: "Age of the oldest unsettled attempt or cancellation",
      labelNames: ["kind"] as const,
      registers,
    }),
    channelCalls: new Gauge({
      name: "channel_calls_last_hour",
      help: "Payment calls per channel over the last hour by outcome (SUCCEEDED, DECLINED, FAILED = no usable answer)",
      labelNames: ["channel", "provider", "mode", "outcome"] as const,
      registers,
    }),
    channelLatencyP95: new Gauge({
      name: "channel_latency_p95_seconds",
      help: "95th percentile of a channel's payment-call latency over the last hour",
      labelNames: ["channel", "provider", "mode"] as const,
      registers,
    }),
    channelCircuitOpen: new Gauge({
      name: "channel_circuit_open",
      help: "1 while a channel's circuit is open or probing (payments skip it), else 0",
      labelNames: ["channel", "provider", "mode", "state"] as const,
      registers,
    }),
    dbPoolConnections: new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting = callers waiting for one)",
      labelNames: ["state"] as const,
      registers,
    }),
    dbLockWait: new Histogram({
      name: "db_lock_wait_seconds",
      help: "SQLite: time spent waiting for the write lock when a transaction begins",
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30],
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// On globalThis: the route bundles, instrumentation and scripts load separate copies of this module.
const shared = globalThis as unknown as { __platformMetrics?: Metrics };

/** The metrics, or null when METRICS_TOKEN is unset (then callers record nothing). */
export function metrics(): Metrics | null {
  if (!process.env.METRICS_TOKEN) return null;
  shared.__platformMetrics ??= createMetrics();
  return shared.__platformMetrics;
}
