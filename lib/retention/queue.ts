import { enqueueSweep } from "./repository";
import { retentionSettings } from "./settings";
import { sweepExpiredRecords } from "./sweep";

export const RETENTION_QUEUE = "retention.sweep";

/** One job per interval slot: the dedupe key makes every process's scheduling the same job. */
function enqueueSlot(slot: number, intervalMs: number) {
  return enqueueSweep({
    queue: RETENTION_QUEUE,
    slot,
    runAt: slot * intervalMs,
    dedupeKey: `${RETENTION_QUEUE}:${intervalMs}:${slot}`,
  });
}

/** Called when a worker starts: the current slot's sweep (it runs at once if not yet done). */
export async function scheduleRetention(now = Date.now()): Promise<void> {
  const { intervalMs } = retentionSettings();
  await enqueueSlot(Math.floor(now / intervalMs), intervalMs);
}

/** The job: sweep, then book the next slot, so the sweep recurs on the queue. */
export async function runRetentionJob(payload: { slot: number }): Promise<void> {
  const counts = await sweepExpiredRecords();
  const removed = Object.entries(counts).filter(([, n]) => n > 0);
  if (removed.length > 0) console.log(`[retention] ${removed.map(([table, n]) => `${table}: ${n}`).join(", ")}`);
  const { intervalMs } = retentionSettings();
  await enqueueSlot(Math.max(payload.slot + 1, Math.floor(Date.now() / intervalMs) + 1), intervalMs);
}
