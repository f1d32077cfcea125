import { sql, CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialect, getDb } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { countJobs, seedDueJobs } from "@/lib/testing/job-backlog";
import { newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import { claimCandidates, dueQueuedIds, expiredLeaseIds, type ClaimQuery } from "./repository/claim";
import { jobHandlers } from "./handlers";
import { startWorker } from "./worker";

const BACKLOG = 20_000;
const queue = `test-backlog-${newId()}`;

async function plan(pick: ClaimQuery): Promise<string> {
  const query = claimCandidates(pick, queue, Date.now(), 10).compile(getDb());
  const prefix = dialect() === "postgres" ? "explain " : "explain query plan ";
  const result = await getDb().executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
  );
  return result.rows.map((row) => String(row["QUERY PLAN"] ?? row.detail)).join("\n");
}

describe(`a backlog of ${BACKLOG} due jobs (#11 build 7)`, () => {
  beforeAll(async () => {
    jobHandlers[queue] = async () => undefined; // jobs that find nothing to do: pure database work
    await seedDueJobs(queue, BACKLOG);
    if (dialect() === "postgres") await sql`analyze jobs`.execute(getDb());
  }, 120_000);

  afterAll(async () => {
    delete jobHandlers[queue];
    await getDb().deleteFrom("jobs").where("queue", "=", queue).execute();
  });

  it("claims with index-ordered range scans: no full scan, no sort, whatever the backlog", async () => {
    const due = await plan(dueQueuedIds);
    const expired = await plan(expiredLeaseIds);
    if (dialect() === "postgres") {
      expect(due).toMatch(/Index (Only )?Scan using jobs_queued_due_idx/);
      expect(expired).toMatch(/Index (Only )?Scan using jobs_lease_expiry_idx/);
    } else {
      expect(due).toMatch(/SEARCH jobs USING (COVERING )?INDEX jobs_queued_due_idx \(queue=\? AND run_at<\?\)/);
      expect(expired).toMatch(
        /SEARCH jobs USING (COVERING )?INDEX jobs_lease_expiry_idx \(queue=\? AND locked_until<\?\)/,
      );
    }
    for (const text of [due, expired]) expect(text).not.toMatch(/Seq Scan|SCAN jobs|Sort|TEMP B-TREE/);
  });

  it("the in-process worker drains it while timers and API requests are still served promptly", async () => {
    const m = await newMerchant();
    const paymentId = await paidPayment(m);
    const worker = startWorker({ name: "backlog-test", queues: [queue] });
    try {
      // A 10 ms timer: the longest gap between its ticks is how long the event loop was held.
      let last = performance.now();
      let longestGap = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 10);
      const latencies: number[] = [];
      const until = Date.now() + 2_000;
      while (Date.now() < until) {
        const started = performance.now();
        const res = await m.api.get(`/v2/payments/${paymentId}`);
        latencies.push(performance.now() - started);
        expect(res.status).toBe(200);
        await new Promise((r) => setTimeout(r, 50));
      }
      clearInterval(ticker);
      // Generous bounds (the old loop held the event loop for the whole drain: tens of seconds).
      expect(longestGap).toBeLessThan(1_000);
      expect(Math.max(...latencies)).toBeLessThan(1_000);
      expect(latencies.length).toBeGreaterThan(5);
    } finally {
      await worker.stop({ graceMs: 5_000 });
    }
    // It was draining meanwhile.
    expect(await countJobs(queue)).toBeLessThan(BACKLOG);
  }, 60_000);
});
