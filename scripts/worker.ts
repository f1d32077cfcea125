/** A worker process for background jobs (schedules, webhooks), beside or instead of the in-app one. */
import { closeDb } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrations/index";
import { startWorker } from "@/lib/jobs/worker";

await migrateToLatest();
const worker = startWorker({ name: process.env.WORKER_NAME ?? "worker", queues: process.env.WORKER_QUEUES?.split(",") });
console.log(`worker ${worker.id} started`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await worker.stop();
    await closeDb();
    process.exit(0);
  });
}
