import { describe, expect, it } from "vitest";
import { getDb, withTransaction } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { jobHandlers } from "./handlers";
import { enqueue } from "./queue";
import { startWorker } from "./worker";

describe("worker wake-up (issue #18)", () => {
  it("a job due now, once committed, is run without waiting for the next poll", async () => {
    const previous = process.env.WORKER_POLL_MS;
    process.env.WORKER_POLL_MS = "60000";
    const queue = `test-wake-${newId()}`;
    let ranAt = 0;
    jobHandlers[queue] = async () => {
      ranAt = Date.now();
    };
    const worker = startWorker({ name: "wake-test", queues: [queue] });
    try {
      await new Promise((r) => setTimeout(r, 200)); // the worker has polled once and is resting for a minute
      const committedAt = await withTransaction(async (tx) => {
        await enqueue(tx, { queue, payload: {} });
        return Date.now();
      });
      const deadline = Date.now() + 5_000;
      while (ranAt === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(ranAt).toBeGreaterThan(0);
      expect(ranAt - committedAt).toBeLessThan(5_000);
      expect(await getDb().selectFrom("jobs").select("id").where("queue", "=", queue).execute()).toEqual([]);
    } finally {
      await worker.stop({ graceMs: 1_000 });
      delete jobHandlers[queue];
      if (previous === undefined) delete process.env.WORKER_POLL_MS;
      else process.env.WORKER_POLL_MS = previous;
    }
  });
});
