import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * In-process wake-up: when a transaction that enqueued a job due now has ended, an idle worker lane
 * of this process that serves the job's queue claims at once instead of at its next poll
 * (WORKER_POLL_MS). Workers in other processes still poll. A wake with nothing to claim costs one
 * claim query.
 */
const wakes = new EventEmitter();
wakes.setMaxListeners(0);

// Wakes per queue so far: a lane that was claiming when a wake came (not resting) sees the count
// moved since its claim began and claims again at once instead of resting.
const woken = new Map<string, number>();

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
