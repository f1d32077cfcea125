import { sql, CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dialect, getDb, withTransaction } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { countJobs, seedDueJobs } from "@/lib/testing/job-backlog";
import { newMerchant } from "@/lib/testing/fixtures";
import { paidPayment } from "@/lib/testing/payments";
import {
  type ClaimQuery,
  type ClaimStep,
  claimCandidates,
  claimStatement,
  dueQueuedIds,
  expiredLeaseIds,
} from "./repository/claim";
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

describe(`a backlog of ${BACKLOG} due jobs`, () => {
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

  it("claims with a generic plan that stays on indexes (PostgreSQL: the claim is a named statement)", async () => {
    if (dialect() !== "postgres") return;
    // Each step alone, and a lane's whole claim (expired leases then due jobs, two queues) as the
    // one statement claimJobs runs.
    const other = `${queue}-other`;
    const claims: ClaimStep[][] = [
      [{ pick: dueQueuedIds, queue }],
      [{ pick: expiredLeaseIds, queue }],
      [expiredLeaseIds, dueQueuedIds].flatMap((pick) => [queue, other].map((q) => ({ pick, queue: q }))),
    ];
    for (const [i, steps] of claims.entries()) {
      const query = claimStatement(steps, { token: "plan-test:", leaseMs: 60_000 }, Date.now(), 10).compile(getDb());
      const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;
      const text = await withTransaction(async (tx) => {
        await sql`set local plan_cache_mode = force_generic_plan`.execute(tx);
        await sql.raw(`prepare claim_plan_${i} as ${query.sql}`).execute(tx);
        const explained = await sql
          .raw<{ "QUERY PLAN": string }>(`explain execute claim_plan_${i}(${query.parameters.map(literal).join(", ")})`)
          .execute(tx);
        await sql.raw(`deallocate claim_plan_${i}`).execute(tx);
        return explained.rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      // The LIMIT is a parameter there: planned as a tenth of the due rows, `id in (…)` joined them
      // to a sequential scan of every job.
      expect(text).toMatch(/Index Scan using jobs_pkey/);
      expect(text).not.toMatch(/Seq Scan|Sort/);
    }
  });

  it("the in-process worker drains it while API requests are still answered between its batches", async () => {
    const m = await newMerchant();
    const paymentId = await paidPayment(m);
    const worker = startWorker({ name: "backlog-test", queues: [queue] });
    try {
      // The worker has started on the backlog.
      await vi.waitFor(async () => expect(await countJobs(queue)).toBeLessThan(BACKLOG), {
        timeout: 60_000,
        interval: 20,
      });
      // Requests are answered while jobs are still due (the old loop held the event loop until the
      // whole backlog was gone, so the first answer came after the drain), and the drain goes on
      // between them. No timing bound: under load both are slower, never out of order.
      const left: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await m.api.get(`/v2/payments/${paymentId}`);
        expect(res.status).toBe(200);
        left.push(await countJobs(queue));
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(left.at(-1)).toBeGreaterThan(0);
      expect(left.at(-1)).toBeLessThan(left[0]!);
    } finally {
      await worker.stop({ graceMs: 5_000 });
    }
  }, 120_000);
});
