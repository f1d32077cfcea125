import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { logger } from "@/lib/ops/logger";

const END_WAIT_MS = 5_000;

/**
 * A pg pool that outlives its server's faults and ends completely.
 *
 * pg emits 'error' on a connection the server drops (a restart, a failover, pg_terminate_backend,
 * DROP DATABASE … WITH (FORCE)); with no listener, Node turns that into an uncaught exception and
 * the process dies. The pool listens only while a connection is idle in it, so one held by a
 * transaction between statements, or one the pool is ending, had none. Every connection gets a
 * listener for its whole life: the lost connection is logged, its query (if any) fails on its own,
 * and the pool opens a new one on the next checkout.
 *
 * pg's `pool.end()` resolves once its connections are asked to end, before they have; `endFully`
 * waits until they have, so a caller may drop the database or stop the server right after.
 */
export function openPgPool(url: string, max: number): pg.Pool & { endFully(): Promise<void> } {
  // keepAlive: a connection a network fault silently cut is noticed instead of hanging its next query.
  const pool = new pg.Pool({ connectionString: url, max, keepAlive: true });
  const open = new Set<pg.Client>();
  const lost = (error: Error) => logger.warn({ err: error }, "PostgreSQL connection lost; the pool opens another");
  // An idle connection's error reaches the pool too; its own listener below has logged it.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => {
    open.add(client);
    client.on("error", lost);
    client.once("end", () => open.delete(client));
  });
  return Object.assign(pool, {
    async endFully() {
      const ended = [...open].map((client) => new Promise<void>((resolve) => client.once("end", () => resolve())));
      if (!pool.ending) await pool.end();
      // Unref'd: a connection that never closes delays a shutdown by END_WAIT_MS at most, never holds it.
      await Promise.race([Promise.all(ended), delay(END_WAIT_MS, undefined, { ref: false })]);
    },
  });
}
