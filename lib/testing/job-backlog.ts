import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";

/** Writes `count` due jobs of `queue` in bulk (a backlog left by an outage or a long stop). */
export async function seedDueJobs(queue: string, count: number, payload: unknown = {}): Promise<void> {
  const now = Date.now();
  const text = JSON.stringify(payload);
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      id: newId("job_"),
      queue,
      payload: text,
      state: "QUEUED" as const,
      run_at: now - count + start + i,
      attempts: 0,
      max_attempts: 5,
      locked_by: null,
      locked_until: null,
      last_error: null,
      dedupe_key: null,
      created_at: now,
      updated_at: now,
      started_at: null,
      attention_at: null,
      merchant_id: null,
    }));
    await getDb().insertInto("jobs").values(rows).execute();
  }
}

export async function countJobs(queue: string): Promise<number> {
  const row = await getDb()
    .selectFrom("jobs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("queue", "=", queue)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
