import { flushLogs, logger } from "./logger";
import { closeDb } from "./repository";
import { beginShutdown, runShutdownHooks } from "./shutdown";

/** How long a shutdown may take in all (requests and jobs); under Kubernetes' default 30 s grace period. */
function shutdownTimeoutMs(): number {
  return Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000);
}

/**
 * On SIGTERM or SIGINT: mark the process as shutting down (/readyz → 503), drain what `drain`
 * stops (the HTTP server), run the shutdown hooks (the worker finishes or releases its jobs)
 * in parallel, close the database, write out the buffered log lines and exit 0. Repeated signals are ignored: a terminal's Ctrl-C
 * or `kill -- -PGID` reaches both tsx and this process, and tsx relays its copy too.
 */
export function exitGracefullyOnSignals(drain: (deadline: number) => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + shutdownTimeoutMs();
    logger.info({ signal, timeoutMs: shutdownTimeoutMs() }, "shutting down");
    beginShutdown();
    // If something ignores the deadline, do not outlive the orchestrator's grace period.
    setTimeout(() => {
      logger.error("shutdown overran its deadline: exiting");
      process.exit(1);
    }, shutdownTimeoutMs() + 5_000).unref();
    void (async () => {
      await Promise.all([
        drain(deadline),
        runShutdownHooks(deadline, (name, error) => logger.error({ err: error, hook: name }, "shutdown hook failed")),
      ]);
      await closeDb();
      logger.info("shutdown complete");
      await flushLogs();
      process.exit(0);
    })().catch(async (error: unknown) => {
      logger.error({ err: error }, "shutdown failed");
      await flushLogs();
      process.exit(1);
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
