import { describe, expect, it, vi } from "vitest";
import { getDb, withTransaction } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { jobHandlers } from "./handlers";
import { enqueue } from "./queue";
import { restingWorkers } from "./wake";
import { startWorker } from "./worker";

describe("worker wake-up", () => {
  it("a job due now, once committed, is run without waiting for the next poll", async () => {
    const previous = process.env.WORKER_POLL_MS;
    // Its next poll is an hour away: only a wake-up can run the job within the test.
    process.env.WORKER_POLL_MS = "3600000";
    const queue = `test-wake-${newId()}`;
    let ran = false;
    jobHandlers[queue] = async () => {
      ran = true;
    };
    const worker = startWorker({ name: "wake-test", queues: [queue] });
    try {
      // The worker has claimed (nothing) and rests until its next poll.
      await vi.waitFor(() => expect(restingWorkers()).toBeGreaterThan(0), { timeout: 30_000, interval: 10 });
      await withTransaction(async (tx) => {
        await enqueue(tx, { queue, payload: {} });
      });
      await vi.waitFor(() => expect(ran).toBe(true), { timeout: 30_000, interval: 10 });
      await vi.waitFor(
        async () =>
          expect(await getDb().selectFrom("jobs").select("id").where("queue", "=", queue).execute()).toEqual([]),
        { timeout: 30_000, interval: 20 },
      );
    } finally {
      await worker.stop({ graceMs: 1_000 });
      delete jobHandlers[queue];
      if (previous === undefined) delete process.env.WORKER_POLL_MS;
      else process.env.WORKER_POLL_MS = previous;
    }
  }, 60_000);
});
