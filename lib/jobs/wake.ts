import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * In-process wake-up: when a transaction that enqueued a job due now has ended, an idle worker lane
 * of this process that serves the job's queue claims at once instead of at its next poll
 * (WORKER_POLL_MS). Workers in other processes still poll. A wake with nothing to claim costs one
 * claim query.
 */
// On globalThis: Next.js bundles this module into several chunks of one process (the route that
// enqueues and instrumentation.ts, which starts the in-app worker); each copy's own emitter would
// wake no lane, and the in-app worker would find every job at its next poll.
const shared = globalThis as unknown as {
  __platformWakes?: { wakes: EventEmitter; woken: Map<string, number>; served: Map<string, number> };
};
shared.__platformWakes ??= (() => {
  const wakes = new EventEmitter();
  wakes.setMaxListeners(0);
  return { wakes, woken: new Map(), served: new Map() };
})();
const { wakes, served } = shared.__platformWakes;
// Wakes per queue so far: a lane that was claiming when a wake came (not resting) sees the count
// moved since its claim began and claims again at once instead of resting.
const { woken } = shared.__platformWakes;

/** A worker of this process serves these queues until the returned function is called. */
export function serveQueues(queues: string[]): () => void {
  for (const queue of queues) served.set(queue, (served.get(queue) ?? 0) + 1);
  return () => {
    for (const queue of queues) {
      const lanes = (served.get(queue) ?? 1) - 1;
      if (lanes > 0) served.set(queue, lanes);
      else served.delete(queue);
    }
  };
}

/** Whether a worker of this process serves `queue` (its in-process wake suffices for a job just enqueued). */
export function servedHere(queue: string): boolean {
  return served.has(queue);
}

export function wakeWorkers(queue: string): void {
  woken.set(queue, (woken.get(queue) ?? 0) + 1);
  wakes.emit("wake", queue);
}

/** How many wakes these queues have had: read before a claim, passed to restOrWake after it. */
export function wakesOf(queues: string[]): number {
  let total = 0;
  for (const queue of queues) total += woken.get(queue) ?? 0;
  return total;
}

/** How many worker lanes of this process are resting now (waiting for a wake or their next poll). */
export function restingWorkers(): number {
  return wakes.listenerCount("wake");
}

/**
 * Sleeps `ms`, or less when one of `queues` is woken or the worker stops; returns at once if one
 * was woken since `seen` (wakesOf before the claim that found too little).
 */
export async function restOrWake(ms: number, stopping: AbortSignal, queues: string[], seen: number): Promise<void> {
  if (wakesOf(queues) !== seen) return;
  const early = new AbortController();
  const wake = (queue: string) => {
    if (queues.includes(queue)) early.abort();
  };
  const stop = () => early.abort();
  wakes.on("wake", wake);
  stopping.addEventListener("abort", stop, { once: true });
  try {
    await sleep(ms, undefined, { signal: early.signal });
  } catch {
    // woken or stopping
  } finally {
    wakes.off("wake", wake);
    stopping.removeEventListener("abort", stop);
  }
}
