import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * Starts a worker thread running the TypeScript module `entry` (a path from the repository root,
 * which is the working directory of `npm start`, the worker and the tests). The thread has its
 * own event loop and module state: its own database connection when it opens one.
 */
export function startTsThread(entry: string, env: Record<string, string> = {}): Worker {
  const root = process.cwd();
  return new Worker(path.join(root, "lib/ops/thread-boot.mjs"), {
    workerData: { entry: pathToFileURL(path.join(root, entry)).href },
    env: { ...process.env, ...env },
  });
}
