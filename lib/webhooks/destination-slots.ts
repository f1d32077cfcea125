import { attemptTimeoutMs } from "./attempt-schedule";

/**
 * How many webhook requests this process's worker has in flight to one destination at most
 * (WEBHOOK_DESTINATION_CONCURRENCY, default 10). A receiver that hangs until WEBHOOK_TIMEOUT_MS
 * then holds at most that many of the outbound lane's WORKER_OUTBOUND_CONCURRENCY slots (50), and
 * every other merchant's deliveries keep flowing; 10 at once still carries ~100 deliveries a
 * second to a receiver answering in 100 ms, per worker process.
 */
export function destinationConcurrency(): number {
  const value = Number(process.env.WEBHOOK_DESTINATION_CONCURRENCY);
  return Number.isInteger(value) && value > 0 ? value : 10;
}

/** A destination is the URL's origin (scheme, host, port): a dead server hangs every path on it. */
export function destinationOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

type Destination = {
  /** Start time of each request in flight. */
  inFlight: Map<symbol, number>;
  /** Jobs put off because the destination was full, oldest first: one is brought forward per freed slot. */
  deferred: string[];
};

/** Ids kept per destination to bring forward; beyond that a put-off job runs at its own time. */
const MAX_REMEMBERED = 1_000;

// On globalThis: one table per process even when Next.js loads this module in several chunks.
const shared = globalThis as unknown as { __platformWebhookDestinations?: Map<string, Destination> };
shared.__platformWebhookDestinations ??= new Map();
const destinations = shared.__platformWebhookDestinations;

export type DestinationSlot = {
  /** Frees the slot; returns the id of a job put off for this destination, to bring forward now. */
  release(): string | undefined;
};

/**
 * A slot for one request to `url`'s destination, or, when it already has its limit in flight,
 * when a slot is sure to be free again: the moment its oldest request in flight times out.
 */
export function takeDestinationSlot(url: string): { slot: DestinationSlot } | { busyUntil: number } {
  const key = destinationOf(url);
  let destination = destinations.get(key);
  if (!destination) {
    destination = { inFlight: new Map(), deferred: [] };
    destinations.set(key, destination);
  }
  const now = Date.now();
  if (destination.inFlight.size >= destinationConcurrency()) {
    const oldest = Math.min(...destination.inFlight.values());
    return { busyUntil: Math.max(now, oldest + attemptTimeoutMs()) + 50 };
  }
  const id = Symbol(key);
  destination.inFlight.set(id, now);
  const own = destination;
  let released = false;
  return {
    slot: {
      release() {
        if (released) return undefined;
        released = true;
        own.inFlight.delete(id);
        const next = own.deferred.shift();
        if (own.inFlight.size === 0 && own.deferred.length === 0) destinations.delete(key);
        return next;
      },
    },
  };
}

/**
 * Notes a job put off because `url`'s destination was full: the next freed slot brings it
 * forward. True when a slot freed meanwhile (while the job was being put off): bring it forward now.
 */
export function noteDeferred(url: string, jobId: string): boolean {
  const destination = destinations.get(destinationOf(url));
  if (!destination || destination.inFlight.size < destinationConcurrency()) return true;
  if (destination.deferred.length < MAX_REMEMBERED) destination.deferred.push(jobId);
  return false;
}
