/**
 * The platform's logger: pino, one JSON object per line (human-readable when LOG_FORMAT=pretty,
 * the default under `next dev`). Inside an API request every line carries its request id and
 * merchant id. Secrets never reach the output: fields named like secrets are redacted (the shared
 * rules of lib/security/redaction.ts), and every line passes through scrubLogLine on its way out.
 *   LOG_LEVEL (info)   LOG_FORMAT (json | pretty)   LOG_FILE (write there instead of stdout)
 * JSON lines are written asynchronously (a line never waits for the disk or a slow stdout reader);
 * `flushLogs()` writes out what is buffered, and the graceful shutdown awaits it before exiting.
 */
import { mkdirSync, openSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { redactLogFields, scrubLogLine } from "./log-scrub";
import { currentRequestContext } from "./request-context";

export type LoggerOptions = { level?: string; format?: string; file?: string; redact?: boolean };

/** Bytes held for a destination that cannot keep up (a stuck stdout reader); beyond it lines are dropped, not queued. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

type SonicBoom = ReturnType<typeof pino.destination>;
/** sonic-boom's state, untyped in its declarations: the file not open yet, or a write under way. */
type Internals = { fd: number; _writing: boolean; destroyed: boolean };

// On globalThis: the route bundles and the start script load separate copies of this module, and
// all of them must share one destination per output (one buffer, one flush on shutdown).
const shared = globalThis as unknown as {
  __platformLogger?: Logger;
  __platformAccessLogger?: Logger;
  __platformLogDestinations?: Map<string, SonicBoom>;
  __platformLogDrops?: { lines: number };
};
shared.__platformLogDestinations ??= new Map();
shared.__platformLogDrops ??= { lines: 0 };
const destinations = shared.__platformLogDestinations;
const drops = shared.__platformLogDrops;

function openLogFile(file: string): number {
  mkdirSync(path.dirname(file), { recursive: true });
  return openSync(file, "a");
}

/** One asynchronous destination per file (or stdout) for the whole process. */
function destinationFor(file: string | undefined): SonicBoom {
  const key = file ?? "fd:1";
  let destination = destinations.get(key);
  if (!destination) {
    // The file is opened here, synchronously: a destination still opening when the process exits
    // cannot be flushed, and pino's exit hook throws on it.
    const fd = file ? openLogFile(file) : 1;
    destination = pino.destination({ fd, sync: false, maxLength: MAX_BUFFERED_BYTES });
    destination.on("drop", () => drops.lines++);
    destinations.set(key, destination);
  }
  return destination;
}

function sink(file: string | undefined, format: string): DestinationStream {
  // Pretty output is for a developer's terminal: written synchronously, in order with console output.
  const out: DestinationStream =
    format === "pretty"
      ? pretty({
          destination: file
            ? pino.destination({ dest: file, sync: true, mkdir: true, append: true })
            : pino.destination({ fd: 1, sync: true }),
          sync: true,
          colorize: !file,
          translateTime: "SYS:HH:MM:ss.l",
        })
      : destinationFor(file);
  return { write: (line: string) => out.write(scrubLogLine(line)) };
}

/** Lines dropped so far because a destination had MAX_BUFFERED_BYTES waiting (for /metrics and tests). */
export function droppedLogLines(): number {
  return drops.lines;
}

/**
 * Writes out every buffered line: waits (until `deadline`, epoch ms) for a write under way, then
 * writes the rest synchronously. The graceful shutdown awaits it before exiting.
 */
export async function flushLogs(deadline = Date.now() + 5_000): Promise<void> {
  for (const destination of destinations.values()) {
    const state = destination as unknown as Internals;
    if (state.destroyed) continue;
    while ((state.fd < 0 || state._writing) && Date.now() < deadline) await delay(5);
    try {
      destination.flushSync();
    } catch {
      // Not open yet (nothing was written) or closed: nothing of ours is buffered there.
    }
  }
}

/** pino's error serializer, then the member redaction (a serialized error is not a plain object). */
function redactedError(err: unknown): unknown {
  const serialized: unknown = pino.stdSerializers.err(err as Error);
  return serialized && typeof serialized === "object" ? redactLogFields({ ...serialized }) : serialized;
}

/** The platform logger's configuration; `logger` below is the one configured from the environment. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const format = options.format ?? (process.env.NODE_ENV === "development" ? "pretty" : "json");
  return pino(
    {
      level: options.level ?? "info",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        ...(options.redact === false ? {} : { log: redactLogFields, bindings: redactLogFields }),
      },
      ...(options.redact === false ? {} : { serializers: { err: redactedError } }),
      // A fresh object: pino merges the line's own fields into what mixin returns.
      mixin: () => ({ ...currentRequestContext() }),
    },
    sink(options.file, format),
  );
}

shared.__platformLogger ??= createLogger({
  level: process.env.LOG_LEVEL,
  format: process.env.LOG_FORMAT,
  file: process.env.LOG_FILE,
});
export const logger: Logger = shared.__platformLogger;

/**
 * The access log's writer: the same output without the key redaction. Its lines have a fixed shape
 * of our own (method, route template, status, latency, ids) with nothing to redact, and pino's
 * wildcard redaction is costly per line; scrubLogLine still runs on every line.
 */
shared.__platformAccessLogger ??= createLogger({
  level: process.env.LOG_LEVEL,
  format: process.env.LOG_FORMAT,
  file: process.env.LOG_FILE,
  redact: false,
});
export const accessLogger: Logger = shared.__platformAccessLogger;

/** One access-log line's own fields (the request context's ids included: it is written after the request). */
export type AccessLine = {
  requestId: string;
  merchantId?: string;
  method: string;
  route: string;
  status: number;
  latencyMs: number;
};

const accessPretty =
  (process.env.LOG_FORMAT ?? (process.env.NODE_ENV === "development" ? "pretty" : "json")) === "pretty";
/** What pino puts before a line's own fields (its default `base`), serialised once. */
const accessBase = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
let accessSink: DestinationStream | undefined;

/**
 * Writes the access log's line for one API request: the line pino would write, built directly
 * (pino's per-line merging and serialising was ~4 % of a read's CPU, docs/benchmarks.md), still
 * through scrubLogLine and the same asynchronous destination. Pretty output goes through pino.
 */
export function writeAccessLine(line: AccessLine): void {
  if (!accessLogger.isLevelEnabled("info")) return;
  if (accessPretty) {
    accessLogger.info(line, "request");
    return;
  }
  accessSink ??= sink(process.env.LOG_FILE, "json");
  const fields = JSON.stringify(line);
  accessSink.write(
    `{"level":"info","time":"${new Date().toISOString()}",${accessBase},${fields.slice(1, -1)},"msg":"request"}\n`,
  );
}
