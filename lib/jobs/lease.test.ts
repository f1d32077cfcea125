import { describe, expect, it, vi } from "vitest";

// A short lease stands in for the production one (max(60 s, 2 × PROVIDER_TIMEOUT_MS)); set before
// the worker modules load, as a deployment's environment would be.
vi.hoisted(() => {
  process.env.WORKER_LEASE_MS = "1500";
});

import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { jobHandlers } from "./handlers";
import { enqueue } from "./queue";
import { drainOnce } from "./worker";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jobRow = (id: string) => getDb().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();

describe("job leases", () => {
  it("a job that outlives its lease is renewed while it runs, never run twice by another worker", async () => {
    const queue = `test-slow-${newId()}`;
    let runs = 0;
    jobHandlers[queue] = async () => {
      runs += 1;
      await sleep(4_000); // a slow provider call: well past the 1.5 s lease
    };
    try {
      const id = await enqueue(getDb(), { queue, payload: {} });
      const first = drainOnce("worker-a", [queue]);
      // Another live worker polls the queue all along, as it would in production.
      while ((await jobRow(id))?.state !== "RUNNING") await sleep(10);
      let firstDone = false;
      void first.then(() => (firstDone = true));
      const deadline = Date.now() + 8_000;
      while (!firstDone && Date.now() < deadline) {
        await Promise.race([drainOnce("worker-b", [queue]), sleep(deadline - Date.now())]);
        await sleep(100);
      }
      expect(runs).toBe(1);
      expect(firstDone).toBe(true);
      expect(await jobRow(id)).toBeUndefined();
    } finally {
      delete jobHandlers[queue];
    }
  });

  it("a worker that lost the lease is told (signal aborted) and does not record the outcome", async () => {
    const queue = `test-lost-${newId()}`;
    let aborted = false;
    jobHandlers[queue] = async (_payload, _job, lease) => {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        lease?.signal.addEventListener("abort", () => {
          aborted = true;
          clearTimeout(timer);
          resolve();
        });
      });
    };
    try {
      const id = await enqueue(getDb(), { queue, payload: {} });
      const draining = drainOnce("worker-a", [queue]);
      while ((await jobRow(id))?.state !== "RUNNING") await sleep(10);
      // Another worker took the job over (as after a long pause of worker-a's process).
      await getDb()
        .updateTable("jobs")
        .set({ locked_by: "worker-b:claim:x", locked_until: Date.now() + 60_000 })
        .where("id", "=", id)
        .execute();
      await draining;
      expect(aborted).toBe(true);
      // worker-a neither deleted the job nor released it: it is still worker-b's.
      expect(await jobRow(id)).toMatchObject({ state: "RUNNING", locked_by: "worker-b:claim:x" });
    } finally {
      delete jobHandlers[queue];
    }
  });
});
