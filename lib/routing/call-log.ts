import { newId } from "@/lib/ids";
import { logger } from "@/lib/ops/logger";
import { type ChannelCallOutcome, insertCalls, pruneCalls } from "./repository";

/**
 * Payment calls per channel for channel health, written in batches off the payment's path (a lost
 * batch only thins the statistics), at most FLUSH_MS after the call; health reads flush first.
 * Rows older than two hours are pruned now and then.
 */
type Row = { id: string; channel_id: string; at: number; outcome: ChannelCallOutcome; latency_ms: number };

// Seconds, not per call: a payment's own statements and commits stay what the write path budgets.
const FLUSH_MS = 5_000;
const FLUSH_ROWS = 200;
const KEEP_MS = 2 * 60 * 60 * 1000;
const PRUNE_EVERY = 60;

type Log = { pending: Row[]; timer?: NodeJS.Timeout; flushes: number; flushing: Promise<void> };
// On globalThis: Next's route bundles and server actions load separate copies of this module, and
// a health read (an action) must flush the calls the payment routes logged.
const shared = globalThis as unknown as { __channelCallLog?: Log };
shared.__channelCallLog ??= { pending: [], flushes: 0, flushing: Promise.resolve() };
const log = shared.__channelCallLog;

export function logChannelCall(channelId: string, outcome: ChannelCallOutcome, latencyMs: number, at = Date.now()) {
  log.pending.push({
    id: newId("cc_"),
    channel_id: channelId,
    at,
    outcome,
    latency_ms: Math.max(0, Math.round(latencyMs)),
  });
  if (log.pending.length >= FLUSH_ROWS) void flushChannelCalls();
  else if (!log.timer) {
    log.timer = setTimeout(() => void flushChannelCalls(), FLUSH_MS);
    log.timer.unref();
  }
}

/** Writes what this process has logged so far (health reads call it first). */
export function flushChannelCalls(): Promise<void> {
  clearTimeout(log.timer);
  log.timer = undefined;
  const batch = log.pending.splice(0);
  log.flushing = log.flushing.then(async () => {
    try {
      await insertCalls(batch);
      if (++log.flushes % PRUNE_EVERY === 0) await pruneCalls(Date.now() - KEEP_MS);
    } catch (error) {
      logger.warn({ err: error, rows: batch.length }, "channel call log batch not written");
    }
  });
  return log.flushing;
}
