/** The Node.js part of instrumentation.ts, in its own module so the Edge bundle never sees `process.on`. */
export async function registerNode() {
  const { logger } = await import("@/lib/ops/logger");
  // A stray rejection in background work must be logged, not take the server (and its worker) down.
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));
  const { migrateToLatest } = await import("@/lib/db/migrations/index");
  await migrateToLatest();
  const { workerInApp } = await import("@/lib/env");
  if (workerInApp()) {
    const { startWorker } = await import("@/lib/jobs/worker");
    const { onShutdown, workerGraceMs } = await import("@/lib/ops/shutdown");
    const worker = startWorker({ name: "in-app" });
    onShutdown("in-app worker", (deadline) => worker.stop({ graceMs: workerGraceMs(deadline) }));
  }
}
