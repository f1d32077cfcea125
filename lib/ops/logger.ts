/**
 * The platform's logger: pino, one JSON object per line (human-readable when LOG_FORMAT=pretty,
 * the default under `next dev`). Inside an API request every line carries its request id and
 * merchant id. Secrets never reach the output: fields named like secrets are redacted (the shared
 * rules of lib/security/redaction.ts), and every line passes through scrubLogLine on its way out.
 *   LOG_LEVEL (info)   LOG_FORMAT (json | pretty)   LOG_FILE (write there instead of stdout)
 */
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { redactLogFields, scrubLogLine } from "./log-scrub";
import { currentRequestContext } from "./request-context";

export type LoggerOptions = { level?: string; format?: string; file?: string; redact?: boolean };

function sink(file: string | undefined, format: string): DestinationStream {
  const destination = file
    ? pino.destination({ dest: file, sync: true, mkdir: true, append: true })
    : pino.destination({ fd: 1, sync: true });
  const out: DestinationStream =
    format === "pretty"
      ? pretty({ destination, sync: true, colorize: !file, translateTime: "SYS:HH:MM:ss.l" })
      : destination;
  return { write: (line: string) => out.write(scrubLogLine(line)) };
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

// On globalThis: the route bundles and the start script load separate copies of this module.
const shared = globalThis as unknown as { __platformLogger?: Logger; __platformAccessLogger?: Logger };

shared.__platformLogger ??= createLogger({
  level: process.env.LOG_LEVEL,
  format: process.env.LOG_FORMAT,
  file: process.env.LOG_FILE,
});
export const logger: Logger = shared.__platformLogger;

/**
 * The access log's writer: the same output without the key redaction. Its lines have a fixed shape
 * of our own (method, route template, status, latency, ids) with nothing to redact, and pino's
 * wildcard redaction was ~12% of a payment read's CPU (docs/benchmarks.md); scrubLogLine still
 * runs on every line.
 */
shared.__platformAccessLogger ??= createLogger({
  level: process.env.LOG_LEVEL,
  format: process.env.LOG_FORMAT,
  file: process.env.LOG_FILE,
  redact: false,
});
export const accessLogger: Logger = shared.__platformAccessLogger;
