import { countJobsByQueue } from "./repository";

export type QueueBacklog = {
  queue: string;
  ready: number;
  running: number;
  dead: number;
  oldestReadyAt: number | null;
};

/**
 * Per queue: jobs due and waiting, leased, and dead (attempts used up), with the oldest due job's
 * time. Reads only the QUEUED/RUNNING/FAILED rows through jobs_due_idx (state, run_at).
 */
export async function jobBacklog(now = Date.now()): Promise<QueueBacklog[]> {
  const rows = await countJobsByQueue(now);
  const byQueue = new Map<string, QueueBacklog>();
  for (const row of rows) {
    const entry = byQueue.get(row.queue) ?? { queue: row.queue, ready: 0, running: 0, dead: 0, oldestReadyAt: null };
    const { count } = row;
    if (row.state === "QUEUED") {
      entry.ready = count;
      entry.oldestReadyAt = row.oldest;
    } else if (row.state === "RUNNING") entry.running = count;
    else entry.dead = count;
    byQueue.set(row.queue, entry);
  }
  return [...byQueue.values()];
}
