/**
 * Whether this process saw the database refuse a write for space or I/O lately. A small probe
 * write can succeed while bigger ones fail (SQLite reuses its WAL's and free pages' space), so
 * /readyz also fails for STORAGE_FAILURE_HOLD_MS after any refused write; it recovers by itself.
 */
let lastFailureAt: number | undefined;

export function storageFailureHoldMs(): number {
  const value = Number(process.env.STORAGE_FAILURE_HOLD_MS);
  return value >= 0 && process.env.STORAGE_FAILURE_HOLD_MS ? value : 15_000;
}

export function noteStorageFailure(now = Date.now()): void {
  lastFailureAt = now;
}

/** Milliseconds since the last refused write, if it lies within the hold. */
export function recentStorageFailure(now = Date.now()): number | undefined {
  if (lastFailureAt === undefined) return undefined;
  const age = now - lastFailureAt;
  // A clock stepped back makes the age negative: count it as recent, the hold still ends.
  if (age > storageFailureHoldMs() || age < -storageFailureHoldMs()) return undefined;
  return Math.max(age, 0);
}
