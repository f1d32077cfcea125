// On globalThis: the worker runs from the instrumentation bundle, /readyz from a route bundle.
const shared = globalThis as unknown as { __platformWorkerHeartbeat?: number };

/** The worker calls this on every poll, so /readyz can tell a live worker from a stuck one. */
export function noteWorkerHeartbeat(): void {
  shared.__platformWorkerHeartbeat = Date.now();
}

export function workerHeartbeatAt(): number | undefined {
  return shared.__platformWorkerHeartbeat;
}
