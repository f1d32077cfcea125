import { workerInApp } from "@/lib/env";
import { workerHeartbeatAt } from "./heartbeat";
import { logger } from "./logger";
import { isStorageFailure } from "@/lib/db/transaction";
import { pendingMigrations, pingDatabase, probeWrite } from "./repository";
import { noteStorageFailure, recentStorageFailure } from "./storage-health";
import { isShuttingDown } from "./shutdown";

type Check = { ok: boolean; [detail: string]: unknown };

const DB_TIMEOUT_MS = 2_000;
/** A worker polls every WORKER_POLL_MS (500 ms) and before each batch; a minute of silence means stuck. */
export function heartbeatStaleMs(): number {
  return Number(process.env.WORKER_HEARTBEAT_STALE_MS ?? 60_000);
}
const started = Date.now();

/** GET /healthz: the process is up and serving. Nothing else is checked, so a slow database never gets it restarted. */
export function liveness() {
  return { status: "ok", uptime_seconds: Math.round((Date.now() - started) / 1000) };
}

async function checkDatabase(): Promise<Check> {
  const begun = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error("timed out")), DB_TIMEOUT_MS)),
  );
  try {
    await Promise.race([pingDatabase(), timeout]);
  } catch (error) {
    clearTimeout(timer);
    // The cause goes to the log only: it may name hosts or users.
    logger.warn({ err: error }, "readiness: database unreachable");
    return { ok: false, error: "unreachable" };
  }
  try {
    await Promise.race([probeWrite(Date.now()), timeout]);
  } catch (error) {
    if (isStorageFailure(error)) noteStorageFailure();
    logger.warn({ err: error }, "readiness: the database cannot write");
    return { ok: false, error: "cannot write" };
  } finally {
    clearTimeout(timer);
  }
  const refused = recentStorageFailure();
  if (refused !== undefined) return { ok: false, error: "a write was refused for space or I/O", ms_ago: refused };
  return { ok: true, latency_ms: Math.round(performance.now() - begun) };
}

async function checkMigrations(): Promise<Check> {
  try {
    const pending = await pendingMigrations();
    return { ok: pending.length === 0, pending };
  } catch (error) {
    logger.warn({ err: error }, "readiness: could not read the migration table");
    return { ok: false, error: "could not read the migration table" };
  }
}

function checkWorker(now: number): Check {
  const at = workerHeartbeatAt();
  if (at === undefined) return { ok: false, error: "the worker has not polled yet" };
  const age = now - at;
  return { ok: age <= heartbeatStaleMs(), last_poll_ms_ago: age };
}

/** GET /readyz: database reachable, schema current, in-app worker polling, not shutting down. */
export async function readiness(): Promise<{ ready: boolean; body: Record<string, unknown> }> {
  const database = await checkDatabase();
  const checks: Record<string, Check> = { database };
  checks.migrations = database.ok ? await checkMigrations() : { ok: false, error: "database unreachable" };
  if (workerInApp()) checks.worker = checkWorker(Date.now());
  if (isShuttingDown()) checks.shutdown = { ok: false, error: "shutting down" };
  const ready = Object.values(checks).every((c) => c.ok);
  return { ready, body: { status: ready ? "ready" : "not_ready", checks } };
}
