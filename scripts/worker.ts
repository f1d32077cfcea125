/**
 * A worker process for background jobs (schedules, webhooks), beside or instead of the in-app one.
 * SIGTERM: stop claiming, let running jobs finish or give them back to the queue, exit 0.
 * METRICS_PORT: also serve /metrics and /healthz there (lib/ops/worker-endpoints.ts).
 */
import { migrateToLatest } from "@/lib/db/migrations/index";
import { startWorker } from "@/lib/jobs/worker";
import { exitGracefullyOnSignals } from "@/lib/ops/graceful";
import { logger } from "@/lib/ops/logger";
import { workerGraceMs } from "@/lib/ops/shutdown";
import { serveWorkerEndpoints } from "@/lib/ops/worker-endpoints";

await migrateToLatest();
const worker = startWorker({
  name: process.env.WORKER_NAME ?? "worker",
  queues: process.env.WORKER_QUEUES?.split(","),
});
const port = Number(process.env.METRICS_PORT ?? 0);
const endpoints = port > 0 ? await serveWorkerEndpoints(port, process.env.HOST ?? "0.0.0.0") : null;
exitGracefullyOnSignals(async (deadline) => {
  await worker.stop({ graceMs: workerGraceMs(deadline) });
  endpoints?.close();
});
logger.info({ workerId: worker.id, metricsPort: port || undefined }, "worker started");
console.log(`worker ${worker.id} started`);
