import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Worker } from "node:worker_threads";

/**
 * Starts a worker thread running the TypeScript module `entry` (a path from the repository root,
 * which is the working directory of `npm start`, the worker and the tests). The thread has its
 * own event loop and module state: its own database connection when it opens one.
 * The bundler must not follow the thread's entry (it would try to bundle tsx and esbuild): the
 * constructor comes from getBuiltinModule and the paths are marked to be ignored.
 */
export function startTsThread(entry: string, env: Record<string, string> = {}): Worker {
  const threads = process.getBuiltinModule("node:worker_threads");
  const root = process.cwd();
  const boot = path.join(/* turbopackIgnore: true */ root, "lib/ops/thread-boot.mjs");
  return new threads.Worker(/* turbopackIgnore: true */ boot, {
    workerData: { entry: pathToFileURL(path.join(/* turbopackIgnore: true */ root, entry)).href },
    env: { ...process.env, ...env },
  });
}
