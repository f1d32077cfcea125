import { DAY } from "@/lib/time";

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** REQUEST_LOG=false turns the API request log off; read per request so tests and benchmarks can switch it. */
export function requestLogEnabled(): boolean {
  return (process.env.REQUEST_LOG ?? "true").toLowerCase() !== "false";
}

export function requestLogSettings() {
  return {
    /** How long entries are kept (REQUEST_LOG_RETENTION_DAYS, default 30). */
    retentionMs: positive("REQUEST_LOG_RETENTION_DAYS", 30) * DAY,
    /**
     * Entries are written at most this long after their request (REQUEST_LOG_FLUSH_MS). Each flush
     * is one commit, and on SQLite a commit's fsync blocks the process: fewer, larger batches.
     */
    flushMs: positive("REQUEST_LOG_FLUSH_MS", 2000),
    /** Rows per INSERT. */
    batchSize: 500,
    /** Entries held while the database is unreachable; older ones are dropped beyond this. */
    maxBuffered: 20_000,
  };
}
