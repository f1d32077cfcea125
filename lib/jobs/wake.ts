import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * In-process wake-up: when a transaction that enqueued a job due now has ended, an idle worker in
 * this process claims at once instead of at its next poll (WORKER_POLL_MS). Workers in other
 * processes still poll. A wake with nothing to claim costs one claim query.
 */
const wakes = new EventEmitter();
wakes.setMaxListeners(0);

// A wake while no worker was resting (it was claiming) is kept for its next rest.
let pending = false;

export function wakeWorkers(): void {
  pending = wakes.listenerCount("wake") === 0;
  wakes.emit("wake");
}

/** How many workers of this process are resting now (waiting for a wake or their next poll). */
export function restingWorkers(): number {
  return wakes.listenerCount("wake");
}

/** Sleeps `ms`, or less when woken or stopped. */
export async function restOrWake(ms: number, stopping: AbortSignal): Promise<void> {
  if (pending) {
    pending = false;
    return;
  }
  const early = new AbortController();
  const end = () => early.abort();
  wakes.once("wake", end);
  stopping.addEventListener("abort", end, { once: true });
  try {
    await sleep(ms, undefined, { signal: early.signal });
  } catch {
    // woken or stopping
  } finally {
    wakes.off("wake", end);
    stopping.removeEventListener("abort", end);
  }
}
