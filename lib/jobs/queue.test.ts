import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { jobHandlers } from "./handlers";
import { claimJobs, enqueue } from "./queue";
import { drainOnce } from "./worker";

describe("job queue", () => {
  it("hands each due job to exactly one of several concurrent claimers", async () => {
    const queue = `test-${newId()}`;
    for (let i = 0; i < 40; i++) await enqueue(getDb(), { queue, payload: { i } });
    const claims = await Promise.all(["a", "b", "c", "d"].map((w) => claimJobs(w, [queue], 15, 60_000)));
    const ids = claims.flat().map((j) => j.id);
    expect(ids.length).toBe(40);
    expect(new Set(ids).size).toBe(40);
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
  });

  it("runs handlers, retries a failure and completes", async () => {
    const queue = `test-${newId()}`;
    let calls = 0;
    jobHandlers[queue] = async () => {
      calls += 1;
      if (calls === 1) return { retryAt: Date.now() - 1, error: "first try fails" };
    };
    const id = await enqueue(getDb(), { queue, payload: {} });
    await drainOnce("w", [queue]);
    const row = await getDb().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(calls).toBe(2);
    expect(row.state).toBe("DONE");
    delete jobHandlers[queue];
  });
});
