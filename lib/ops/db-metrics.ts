import { metrics } from "./metrics";

/** SQLite: how long `begin immediate` waited for the write lock (another writer, maybe another process). */
export function recordLockWait(seconds: number): void {
  metrics()?.dbLockWait.observe(seconds);
}
