/**
 * Shutdown hooks for graceful termination. Code that starts background work (the in-app worker)
 * registers how to stop it; the server runs the hooks after it stopped accepting requests.
 * Kept on globalThis: hooks are registered from the instrumentation bundle and run by the start
 * script, which load separate copies of this module.
 */
type Hook = { name: string; run: (deadline: number) => Promise<void> };
type State = { hooks: Hook[]; shuttingDown: boolean };

const shared = globalThis as unknown as { __platformShutdown?: State };
shared.__platformShutdown ??= { hooks: [], shuttingDown: false };
const state = shared.__platformShutdown;

/** `run` gets the epoch-ms deadline by which it should have finished. */
export function onShutdown(name: string, run: (deadline: number) => Promise<void>): void {
  state.hooks.push({ name, run });
}

/** Kept back from a worker's grace to give its unfinished jobs back to the queue before the deadline. */
const JOB_RELEASE_MS = 1_000;

/**
 * How long a stopping worker may let its running jobs go on when the shutdown must end by
 * `deadline`: all that is left of SHUTDOWN_TIMEOUT_MS but the time to release what is unfinished.
 */
export function workerGraceMs(deadline: number): number {
  return Math.max(0, deadline - Date.now() - JOB_RELEASE_MS);
}

/** True from the first termination signal on (/readyz answers 503 so balancers stop routing). */
export function isShuttingDown(): boolean {
  return state.shuttingDown;
}

export function beginShutdown(): void {
  state.shuttingDown = true;
}

/** Runs every hook, newest first (what started last stops first); a hook that fails or overruns is reported, not waited for. */
export async function runShutdownHooks(
  deadline: number,
  report: (name: string, error: unknown) => void,
): Promise<void> {
  for (const hook of [...state.hooks].reverse()) {
    const remaining = deadline - Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        hook.run(deadline),
        new Promise(
          (_, reject) =>
            (timer = setTimeout(
              () => reject(new Error(`did not finish within ${Math.max(remaining, 0)} ms`)),
              Math.max(remaining, 0),
            )),
        ),
      ]);
    } catch (error) {
      report(hook.name, error);
    } finally {
      clearTimeout(timer);
    }
  }
}
