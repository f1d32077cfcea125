import { logger } from "@/lib/ops/logger";
import { onShutdown } from "@/lib/ops/shutdown";
import { omittedBody, redactBody, redactJson, redactPath, redactText } from "./redact";
import { insertRequestLogRows, type RequestLogRecord } from "./repository";
import { requestLogSettings } from "./settings";

/**
 * What the request path hands over: the parsed request body (any JSON value, a string included)
 * and the response text, redacted when flushed; `request_body_omitted` is the length of a body
 * too large to keep.
 */
export type PendingEntry = Omit<RequestLogRecord, "request_body"> & {
  request_body: unknown;
  request_body_omitted?: number;
};

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

/** Queues an entry; a timer writes the queue in batches. Never throws, never waits. */
export function queueRequestLog(entry: PendingEntry): void {
  const { maxBuffered, flushMs, batchSize } = requestLogSettings();
  state.pending.push(entry);
  if (state.pending.length > maxBuffered) {
    state.dropped += state.pending.length - maxBuffered;
    state.pending.splice(0, state.pending.length - maxBuffered);
  }
  if (!state.hooked) {
    state.hooked = true;
    onShutdown("request log", () => flushRequestLog());
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
 * PostgreSQL text cannot hold NUL, and one such row would fail every batch it is retried in (a
 * hostile path or body is exactly what this log keeps): NUL is stored as U+FFFD.
 */
function withoutNul<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(out))
    if (typeof value === "string" && value.includes("\u0000")) out[key] = value.replaceAll("\u0000", "\uFFFD");
  return out as T;
}

/** Redacted for storage; a body that cannot be redacted is not kept (the entry still is). */
function toRow(e: PendingEntry) {
  const safely = (fn: () => string | null) => {
    try {
      return fn();
    } catch {
      return "[not kept: could not be redacted]";
    }
  };
  const { request_body_omitted, ...row } = e;
  return {
    ...row,
    path: safely(() => redactPath(e.path)) ?? "",
    payment_id: redactText(e.payment_id),
    request_id: redactText(e.request_id) ?? "",
    idempotency_key: redactText(e.idempotency_key),
    request_body:
      request_body_omitted !== undefined ? omittedBody(request_body_omitted) : safely(() => redactJson(e.request_body)),
    response_body: safely(() => redactBody(e.response_body)),
  };
}

/**
 * Writes the entries queued when the flush began, in batches of up to `batchSize`. Entries that
 * arrive meanwhile wait for the next flush (the timer or a full batch): draining until the queue
 * was empty kept a busy server writing a batch of a dozen rows per round trip, each INSERT built,
 * planned and sent again (PostgreSQL: one INSERT per ~13 requests instead of per 500).
 */
async function writeQueued(): Promise<void> {
  const { batchSize } = requestLogSettings();
  let owed = state.pending.length;
  while (owed > 0 && state.pending.length > 0) {
    const batch = state.pending.splice(0, Math.min(batchSize, owed));
    owed -= batch.length;
    const rows = batch.map((e) => withoutNul(toRow(e)));
    try {
      await insertRequestLogRows(rows);
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
