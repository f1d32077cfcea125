import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { HOUR } from "@/lib/time";
import { listNeedsAttention, retryJobNow } from "./repository/attention";
import { jobHandlers, retryForeverQueues } from "./handlers";
import { enqueue } from "./queue";
import { drainOnce } from "./worker";

const jobRow = (id: string) => getDb().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A money queue whose provider is down: every run asks to be retried. */
function outageQueue(): string {
  const queue = `test-money-${newId()}`;
  jobHandlers[queue] = async () => ({ retryAt: Date.now() + 60_000, error: "provider unreachable" });
  retryForeverQueues.add(queue);
  return queue;
}

function removeQueue(queue: string): void {
  retryForeverQueues.delete(queue);
  delete jobHandlers[queue];
}

describe("never-give-up jobs and 'needs attention'", () => {
  it("a money job unsettled for over an hour is flagged and listed for its merchant; a young one is not", async () => {
    const queue = outageQueue();
    const merchantId = `m_${newId()}`;
    try {
      const old = await enqueue(getDb(), { queue, payload: { cancellationId: "c1" }, merchantId });
      const young = await enqueue(getDb(), { queue, payload: { cancellationId: "c2" }, merchantId });
      // The first run of `old` was over an hour ago (its provider has been down since).
      await getDb()
        .updateTable("jobs")
        .set({ started_at: Date.now() - HOUR - 1_000, attempts: 40 })
        .where("id", "=", old)
        .execute();
      await drainOnce("w", [queue]);

      const items = await listNeedsAttention({ merchantId });
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        jobId: old,
        queue,
        payload: { cancellationId: "c1" },
        merchantId,
        state: "QUEUED",
        attempts: 41,
        lastError: "provider unreachable",
      });
      expect(items[0]!.flaggedAt).toBeGreaterThan(items[0]!.firstRunAt);
      expect(items[0]!.nextRunAt).toBeGreaterThan(Date.now());
      expect((await jobRow(young)).attention_at).toBeNull();
      // Another merchant's list does not show it; the operator's (unfiltered) one does.
      expect(await listNeedsAttention({ merchantId: `m_${newId()}` })).toEqual([]);
      expect((await listNeedsAttention({ limit: 1000 })).map((i) => i.jobId)).toContain(old);
    } finally {
      removeQueue(queue);
    }
  });

  it("retryJobNow runs a waiting job now (the 're-run the look-up' button); unknown or foreign ids are false", async () => {
    const queue = outageQueue();
    const merchantId = `m_${newId()}`;
    try {
      const id = await enqueue(getDb(), { queue, payload: {}, merchantId });
      await drainOnce("w", [queue]);
      expect((await jobRow(id)).run_at).toBeGreaterThan(Date.now());
      expect(await retryJobNow(id, { merchantId: `m_${newId()}` })).toBe(false);
      expect(await retryJobNow(`job_${newId()}`)).toBe(false);
      expect(await retryJobNow(id, { merchantId })).toBe(true);
      expect((await jobRow(id)).run_at).toBeLessThanOrEqual(Date.now());
      await drainOnce("w", [queue]);
      expect((await jobRow(id)).attempts).toBe(2);
    } finally {
      removeQueue(queue);
    }
  });

  it("a flagged job that settles leaves the list", async () => {
    const queue = outageQueue();
    const merchantId = `m_${newId()}`;
    try {
      const id = await enqueue(getDb(), { queue, payload: {}, merchantId });
      await getDb()
        .updateTable("jobs")
        .set({ started_at: Date.now() - 2 * HOUR })
        .where("id", "=", id)
        .execute();
      await drainOnce("w", [queue]);
      expect(await listNeedsAttention({ merchantId })).toHaveLength(1);
      jobHandlers[queue] = async () => undefined; // the provider is back
      await retryJobNow(id);
      await drainOnce("w", [queue]);
      expect(await listNeedsAttention({ merchantId })).toEqual([]);
    } finally {
      removeQueue(queue);
    }
  });
});
