/** Runs once when the server starts: bring the schema up to date and start the in-app worker. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // A stray rejection in background work must be logged, not take the server (and its worker) down.
  process.on("unhandledRejection", (reason) => console.error("[server] unhandled rejection", reason));
  const { migrateToLatest } = await import("@/lib/db/migrations/index");
  await migrateToLatest();
  if (process.env.WORKER_IN_APP !== "false") {
    const { startWorker } = await import("@/lib/jobs/worker");
    startWorker({ name: "in-app" });
  }
}
