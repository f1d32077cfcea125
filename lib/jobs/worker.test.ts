import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { PeriodicTask } from "./handler-types";
import { jobHandlers, outboundQueues, periodicTasks } from "./handlers";
import { enqueue } from "./queue";
import { startWorker } from "./worker";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jobRow = (id: string) => getDb().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();

async function untilRunning(id: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await jobRow(id))?.state !== "RUNNING") {
    if (Date.now() > deadline) throw new Error("the worker never started the job");
    await sleep(10);
  }
}

describe("worker.stop() (graceful shutdown)", () => {
  it("stops claiming and lets a running job finish within the grace period", async () => {
    const queue = `test-stop-${newId()}`;
    let finished = 0;
    jobHandlers[queue] = async () => {
      await sleep(300);
      finished += 1;
    };
    try {
      const running = await enqueue(getDb(), { queue, payload: {} });
      const worker = startWorker({ name: "stop-test", queues: [queue] });
      await untilRunning(running);
      // Due a moment later: a job due now wakes this process's worker, which would claim it first.
      const later = await enqueue(getDb(), { queue, payload: {}, runAt: Date.now() + 1_000 });
      await worker.stop({ graceMs: 5_000 });
      expect(finished).toBe(1);
      expect(await jobRow(running)).toBeUndefined();
      // Queued work is left for the next worker.
      expect(await jobRow(later)).toMatchObject({ state: "QUEUED", attempts: 0, locked_by: null });
    } finally {
      delete jobHandlers[queue];
    }
  });

  it("gives a job still running after the grace period back to the queue, and tells it", async () => {
    const queue = `test-stop-${newId()}`;
    let signal: AbortSignal | undefined;
    jobHandlers[queue] = (_payload, _job, lease) => {
      signal = lease.signal;
      return new Promise((resolve) => lease.signal.addEventListener("abort", () => resolve()));
    };
    try {
      const id = await enqueue(getDb(), { queue, payload: {} });
      const worker = startWorker({ name: "stop-test", queues: [queue] });
      await untilRunning(id);
      const started = Date.now();
      await worker.stop({ graceMs: 200 });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(signal?.aborted).toBe(true);
      // Due now for another worker, and the interrupted attempt is not counted.
      const row = await jobRow(id);
      expect(row).toMatchObject({ state: "QUEUED", attempts: 0, locked_by: null, locked_until: null });
      expect(row!.run_at).toBeLessThanOrEqual(Date.now());
    } finally {
      delete jobHandlers[queue];
    }
  });

  it("runs periodic tasks at start and on their timer, never overlapping, and stops them", async () => {
    let runs = 0;
    let concurrent = 0;
    let overlapped = false;
    const task: PeriodicTask = {
      name: "test-sweep",
      everyMs: 20,
      run: async () => {
        concurrent += 1;
        overlapped ||= concurrent > 1;
        runs += 1;
        await sleep(30);
        concurrent -= 1;
      },
    };
    periodicTasks.push(task);
    try {
      const worker = startWorker({ name: "periodic-test", queues: [] });
      const polledAt = worker.lastPollAt;
      // Several runs on its timer (the other periodic tasks share the worker: no fixed wait).
      await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 20 });
      expect(worker.lastPollAt).toBeGreaterThanOrEqual(polledAt);
      await worker.stop({ graceMs: 1_000 });
      const after = runs;
      await sleep(100);
      expect(runs).toBeGreaterThanOrEqual(3);
      expect(runs).toBe(after);
      expect(overlapped).toBe(false);
    } finally {
      periodicTasks.splice(periodicTasks.indexOf(task), 1);
    }
  });
});

describe("worker lanes", () => {
  it("runs outbound deliveries in their own slots: general jobs holding every slot neither hold them up nor cap them", async () => {
    const previous = process.env.WORKER_CONCURRENCY;
    process.env.WORKER_CONCURRENCY = "2";
    const slow = `test-slow-${newId()}`;
    const outbound = `test-outbound-${newId()}`;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let slowRunning = 0;
    let outboundRunning = 0;
    jobHandlers[slow] = async () => {
      slowRunning += 1;
      await held;
    };
    jobHandlers[outbound] = async () => {
      outboundRunning += 1;
      await held;
    };
    outboundQueues.add(outbound);
    const worker = startWorker({ name: "lanes-test", queues: [slow, outbound] });
    try {
      for (let i = 0; i < 3; i++) await enqueue(getDb(), { queue: slow, payload: {} });
      await vi.waitFor(() => expect(slowRunning).toBe(2), { timeout: 15_000, interval: 10 });
      // Every general slot is taken (the third slow job waits); five deliveries still all run at once.
      for (let i = 0; i < 5; i++) await enqueue(getDb(), { queue: outbound, payload: {} });
      await vi.waitFor(() => expect(outboundRunning).toBe(5), { timeout: 15_000, interval: 10 });
      expect(slowRunning).toBe(2);
    } finally {
      release();
      await worker.stop({ graceMs: 5_000 });
      outboundQueues.delete(outbound);
      delete jobHandlers[slow];
      delete jobHandlers[outbound];
      if (previous === undefined) delete process.env.WORKER_CONCURRENCY;
      else process.env.WORKER_CONCURRENCY = previous;
    }
    // The third slow job was never claimed: a stopped worker leaves queued work for the next.
    await getDb().deleteFrom("jobs").where("queue", "in", [slow, outbound]).execute();
  }, 60_000);
});
