import { getDb } from "@/lib/db/client";

export type QueueBacklog = { queue: string; ready: number; running: number; dead: number; oldestReadyAt: number | null };

/**
 * Per queue: jobs due and waiting, leased, and dead (attempts used up), with the oldest due job's
 * time. Reads only the QUEUED/RUNNING/FAILED rows through jobs_due_idx (state, run_at).
 */
export async function jobBacklog(now = Date.now()): Promise<QueueBacklog[]> {
  const rows = await getDb()
    .selectFrom("jobs")
    .select((eb) => ["queue", "state", eb.fn.countAll<number>().as("count"), eb.fn.min<number>("run_at").as("oldest")])
    .where((eb) => eb.or([eb.and([eb("state", "=", "QUEUED"), eb("run_at", "<=", now)]), eb("state", "in", ["RUNNING", "FAILED"])]))
    .groupBy(["queue", "state"])
    .execute();
  const byQueue = new Map<string, QueueBacklog>();
  for (const row of rows) {
    const entry = byQueue.get(row.queue) ?? { queue: row.queue, ready: 0, running: 0, dead: 0, oldestReadyAt: null };
    const count = Number(row.count);
    if (row.state === "QUEUED") {
      entry.ready = count;
      entry.oldestReadyAt = Number(row.oldest);
    } else if (row.state === "RUNNING") entry.running = count;
    else entry.dead = count;
    byQueue.set(row.queue, entry);
  }
  return [...byQueue.values()];
}
