import { describe, expect, it } from "vitest";
import { dialect, getDb } from "@/lib/db/client";
import { statementsExecuted, statementsPreparedAfresh } from "@/lib/db/statement-cache";
import { newId } from "@/lib/ids";
import { claimJobs } from "./repository/claim";
import { jobHandlers, retryForeverQueues } from "./handlers";
import { enqueue } from "./queue";
import { drainOnce } from "./worker";

// BEGIN, the 2 savepoints, the 4 steps, COMMIT.
const SQLITE_CLAIM_STATEMENTS = 8;
const jobRow = (id: string) => getDb().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();

describe("job queue", () => {
  it("hands each due job to exactly one of several concurrent claimers", async () => {
    const queue = `test-${newId()}`;
    for (let i = 0; i < 40; i++) await enqueue(getDb(), { queue, payload: { i } });
    const claims = await Promise.all(["a", "b", "c", "d"].map((w) => claimJobs(w, [queue], 15, 60_000)));
    const ids = claims.flat().map((j) => j.id);
    expect(ids.length).toBe(40);
    expect(new Set(ids).size).toBe(40);
    // Every claim has its own lease token, so only that run can finish the job.
    expect(new Set(claims.flat().map((j) => j.locked_by)).size).toBe(40);
  });

  it("does not run jobs before run_at and dedupes by key", async () => {
    const queue = `test-${newId()}`;
    await enqueue(getDb(), { queue, payload: {}, runAt: Date.now() + 60_000 });
    const key = newId();
    await enqueue(getDb(), { queue, payload: {}, dedupeKey: key });
    await enqueue(getDb(), { queue, payload: {}, dedupeKey: key });
    expect((await claimJobs("w", [queue], 10, 60_000)).length).toBe(1);
  });

  it("re-leases a job whose worker died (lease expired)", async () => {
    const queue = `test-${newId()}`;
    await enqueue(getDb(), { queue, payload: {} });
    const [first] = await claimJobs("dead-worker", [queue], 1, 1);
    await new Promise((r) => setTimeout(r, 5));
    const [again] = await claimJobs("live-worker", [queue], 1, 60_000);
    expect(again?.id).toBe(first?.id);
    expect(again?.attempts).toBe(2);
    expect(again?.started_at).toBe(first?.started_at);
  });

  it("a claim without the expired-lease step leaves a dead worker's job to the next full claim", async () => {
    const queue = `test-${newId()}`;
    await enqueue(getDb(), { queue, payload: {} });
    const [first] = await claimJobs("dead-worker", [queue], 1, 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await claimJobs("busy-worker", [queue], 1, 60_000, { expired: false })).toEqual([]);
    expect((await claimJobs("busy-worker", [queue], 1, 60_000)).map((j) => j.id)).toEqual([first!.id]);
  });

  it("an idle worker's claim is parsed and planned once per connection, not at every poll", async () => {
    const queue = `test-${newId()}`;
    await claimJobs("w", [queue], 10, 60_000); // prepares the claim's statements on this connection
    await claimJobs("w", [queue], 10, 60_000, { expired: false });
    const before = statementsPreparedAfresh();
    for (let i = 0; i < 5; i++) {
      await claimJobs("w", [queue], 10, 60_000);
      await claimJobs("w", [queue], 10, 60_000, { expired: false });
    }
    expect(statementsPreparedAfresh() - before).toBe(0);
  });

  it("claims from every queue it serves, whichever has a backlog", async () => {
    const busy = `test-busy-${newId()}`;
    const quiet = `test-quiet-${newId()}`;
    for (let i = 0; i < 30; i++) await enqueue(getDb(), { queue: busy, payload: { i } });
    await enqueue(getDb(), { queue: quiet, payload: {} });
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) for (const job of await claimJobs("w", [busy, quiet], 5, 60_000)) seen.add(job.queue);
    expect(seen).toEqual(new Set([busy, quiet]));
  });

  it("a claim takes expired leases first, then due jobs, never more than its limit; the rest stays queued", async () => {
    const [a, b] = [`test-a-${newId()}`, `test-b-${newId()}`];
    await enqueue(getDb(), { queue: b, payload: {} });
    const [dead] = await claimJobs("dead-worker", [b], 1, 1);
    for (let i = 0; i < 5; i++) await enqueue(getDb(), { queue: a, payload: { i } });
    await new Promise((r) => setTimeout(r, 5));
    const claimed = await claimJobs("w", [a, b], 2, 60_000);
    expect(claimed.map((j) => j.queue).sort()).toEqual([a, b].sort());
    expect(claimed.find((j) => j.queue === b)?.id).toBe(dead!.id);
    const left = await getDb().selectFrom("jobs").select(["state", "locked_by"]).where("queue", "=", a).execute();
    expect(left.filter((j) => j.state === "QUEUED" && j.locked_by === null)).toHaveLength(4);
  });

  it("a lane's claim (expired leases and due jobs of two queues) is one statement on PostgreSQL, no transaction", async () => {
    const [a, b] = [`test-a-${newId()}`, `test-b-${newId()}`];
    await enqueue(getDb(), { queue: a, payload: {} });
    await claimJobs("w", [a, b], 10, 60_000); // prepared on this connection
    await enqueue(getDb(), { queue: b, payload: {} });
    const before = statementsExecuted();
    expect(await claimJobs("w", [a, b], 10, 60_000)).toHaveLength(1);
    // Before: BEGIN, one statement per queue and step (4), COMMIT. SQLite still claims step by step
    // in its immediate transaction (no round trips to save), with the group commit's 2 savepoints.
    expect(statementsExecuted() - before).toBe(dialect() === "postgres" ? 1 : SQLITE_CLAIM_STATEMENTS);
  });

  it("runs handlers, retries a failure, and deletes the job once done", async () => {
    const queue = `test-${newId()}`;
    let calls = 0;
    jobHandlers[queue] = async () => {
      calls += 1;
      if (calls === 1) return { retryAt: Date.now() - 1, error: "first try fails" };
    };
    const id = await enqueue(getDb(), { queue, payload: {} });
    await drainOnce("w", [queue]);
    expect(calls).toBe(2);
    expect(await jobRow(id)).toBeUndefined();
    delete jobHandlers[queue];
  });

  it("a job out of attempts stays visible as FAILED with its last error", async () => {
    const queue = `test-${newId()}`;
    jobHandlers[queue] = async () => ({ retryAt: Date.now() - 1, error: "still failing" });
    const id = await enqueue(getDb(), { queue, payload: {}, maxAttempts: 3 });
    await drainOnce("w", [queue]);
    expect(await jobRow(id)).toMatchObject({
      state: "FAILED",
      attempts: 3,
      last_error: "still failing",
      locked_by: null,
    });
    delete jobHandlers[queue];
  });

  it("a never-give-up queue retries past max_attempts, with capped backoff when the handler throws", async () => {
    const queue = `test-${newId()}`;
    let calls = 0;
    jobHandlers[queue] = async () => {
      calls += 1;
      if (calls < 8) return { retryAt: Date.now() - 1, error: `outage ${calls}` };
      throw new Error("provider unreachable");
    };
    retryForeverQueues.add(queue);
    try {
      const id = await enqueue(getDb(), { queue, payload: {}, maxAttempts: 2 });
      const before = Date.now();
      await drainOnce("w", [queue]);
      const row = await jobRow(id);
      expect(calls).toBe(8);
      expect(row).toMatchObject({ state: "QUEUED", attempts: 8, last_error: "provider unreachable" });
      // Attempt 8's backoff would be 5 s × 2^7 = 640 s: capped at 5 minutes (±10%).
      expect(row!.run_at - before).toBeGreaterThanOrEqual(0.9 * 300_000);
      expect(row!.run_at - Date.now()).toBeLessThanOrEqual(1.1 * 300_000);
    } finally {
      retryForeverQueues.delete(queue);
      delete jobHandlers[queue];
    }
  });
});
