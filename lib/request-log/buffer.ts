import { logger } from "@/lib/ops/logger";
import { onShutdown } from "@/lib/ops/shutdown";
import type { PendingEntry } from "./rows";
import { requestLogSettings } from "./settings";
import { closeRequestLogWriter, startRequestLogWriter, writeInWriterThread } from "./writer";

export type { PendingEntry };

type State = {
  pending: PendingEntry[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  dropped: number;
  hooked: boolean;
};

// On globalThis: every route bundle shares one buffer per process.
const shared = globalThis as unknown as { __platformRequestLog?: State };
shared.__platformRequestLog ??= { pending: [], timer: null, flushing: null, dropped: 0, hooked: false };
const state = shared.__platformRequestLog;

/**
 * Queues an entry; a timer hands the queue in batches to the writer thread. Never throws, never
 * waits. Memory stays bounded: at most `maxBuffered` entries queued plus the batch being written.
 */
export function queueRequestLog(entry: PendingEntry): void {
  const { maxBuffered, flushMs, batchSize } = requestLogSettings();
  state.pending.push(entry);
  if (state.pending.length > maxBuffered) {
    state.dropped += state.pending.length - maxBuffered;
    state.pending.splice(0, state.pending.length - maxBuffered);
  }
  if (!state.hooked) {
    state.hooked = true;
    startRequestLogWriter();
    onShutdown("request log", async () => {
      await flushRequestLog();
      await closeRequestLogWriter();
    });
  }
  if (state.pending.length >= batchSize) void flushRequestLog();
  else state.timer ??= setTimeout(() => void flushRequestLog(), flushMs).unref();
}

/** Writes everything queued so far (tests await it; shutdown runs it). */
export async function flushRequestLog(): Promise<void> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  while (state.flushing) await state.flushing;
  if (state.pending.length === 0) return;
  state.flushing = writeQueued().finally(() => (state.flushing = null));
  await state.flushing;
}

/**
 * Writes the entries queued when the flush began; later ones wait for the next flush, so a busy server
 * writes full batches instead of many small INSERTs.
 */
async function writeQueued(): Promise<void> {
  const { batchSize } = requestLogSettings();
  let owed = state.pending.length;
  while (owed > 0 && state.pending.length > 0) {
    const batch = state.pending.splice(0, Math.min(batchSize, owed));
    owed -= batch.length;
    try {
      // Redacted, serialised and inserted by the writer thread (lib/request-log/writer-thread.ts).
      await writeInWriterThread(batch);
    } catch (err) {
      // Kept for the next flush (bounded by maxBuffered); the request itself already answered.
      state.pending.unshift(...batch);
      logger.warn({ err, queued: state.pending.length }, "request log write failed");
      state.timer ??= setTimeout(() => void flushRequestLog(), 5_000).unref();
      return;
    }
  }
  if (state.dropped > 0) {
    logger.warn({ dropped: state.dropped }, "request log entries dropped while the database was unreachable");
    state.dropped = 0;
  }
}
