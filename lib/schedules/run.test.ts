import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dialect, getDb } from "@/lib/db/client";
import { holdSealing } from "@/lib/audit/seal";
import { commitsExecuted, statementsExecuted, statementsPreparedAfresh } from "@/lib/db/statement-cache";
import { drainOnce } from "@/lib/jobs/worker";
import { contextOf, issueKey, makeDue, runUntilSettled } from "@/lib/testing/billing";
import { newMerchant } from "@/lib/testing/fixtures";
import { createSchedule } from "./create-schedule";
import { SCHEDULE_RUN_QUEUE } from "./queue";
import { findScheduleById } from "./repository";
import { chargesAtProvider } from "@/lib/testing/provider-ledger";
import { SCHEDULE_REJECTED } from "./fail";
import { chargeScheduled, findOrStartAttempt, markStarted, runScheduleJob } from "./run";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

async function bookMany(m: Merchant, key: string, count: number, prefix = "p"): Promise<string[]> {
  const ctx = contextOf(m);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await createSchedule({
      ctx,
      input: {
        billing_key: key,
        payment_id: `${prefix}-${i}`,
        order_name: "Plan",
        total_amount: 1000 + i,
        currency: "KRW",
        scheduled_at: Date.now() + 3_600_000,
      },
    });
    ids.push(res.id);
  }
  return ids;
}

async function transactionsOf(scheduleIds: string[]) {
  const rows = [];
  for (let i = 0; i < scheduleIds.length; i += 200) {
    rows.push(
      ...(await getDb()
        .selectFrom("transactions")
        .selectAll()
        .where("schedule_id", "in", scheduleIds.slice(i, i + 200))
        .execute()),
    );
  }
  return rows;
}

async function schedule(id: string) {
  const found = await findScheduleById(id);
  if (!found) throw new Error(`no schedule ${id}`);
  return found;
}

/** What a worker that died holding the job leaves behind: RUNNING with an expired lease. */
async function leaseExpired(scheduleId: string) {
  await getDb()
    .updateTable("jobs")
    .set({ state: "RUNNING", locked_by: "dead-worker", locked_until: Date.now() - 1, attempts: 1 })
    .where("dedupe_key", "=", `schedule:${scheduleId}`)
    .execute();
}

describe("schedule runner", () => {
  it("two workers on one database, 500 schedules due at once: 500 payments, no duplicates", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const ids = await bookMany(m, key, 500);
    await makeDue(ids);
    const ran = await Promise.all([
      drainOnce("worker-a", [SCHEDULE_RUN_QUEUE]),
      drainOnce("worker-b", [SCHEDULE_RUN_QUEUE]),
    ]);
    expect(ran[0]).toBeGreaterThan(0);
    expect(ran[1]).toBeGreaterThan(0);
    await runUntilSettled(ids);
    const txs = await transactionsOf(ids);
    expect(txs).toHaveLength(500);
    expect(new Set(txs.map((t) => t.schedule_id)).size).toBe(500);
    expect(new Set(txs.map((t) => t.payment_id)).size).toBe(500);
    expect(txs.every((t) => t.status === "PAID" && t.billing_key === key)).toBe(true);
    const statuses = await getDb().selectFrom("schedules").select("status").where("billing_key", "=", key).execute();
    expect(statuses.every((s) => s.status === "COMPLETED")).toBe(true);
  }, 180_000);

  it("a due schedule is charged in 14 statements (22 on SQLite) and 3 durable commits, PostgreSQL planning none: its key and channel read once, started with its attempt in one DB transaction, completed in its outcome's", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const [warmUp, id] = await bookMany(m, key, 2);
    await makeDue([warmUp!, id!]);
    // A busy channel's charge: the first reads the channel's circuit, which stays cached for seconds.
    await runScheduleJob({ scheduleId: warmUp! });
    // The charge's audit entries are sealed after commit in the background, batched per merchant:
    // held here so that only the charge's own statements are counted.
    const releaseSealing = await holdSealing(m.merchant_id);
    const before = statementsExecuted();
    const commitsBefore = commitsExecuted();
    const afreshBefore = statementsPreparedAfresh();
    await runScheduleJob({ scheduleId: id! });
    const statements = statementsExecuted() - before;
    const commits = commitsExecuted() - commitsBefore;
    const afresh = statementsPreparedAfresh() - afreshBefore;
    await releaseSealing();
    // Counted with BEGIN/COMMIT, the sandbox provider's own 3 and the webhook event; on SQLite the
    // sandbox ledger's insert joins the group commit (BEGIN, SAVEPOINT, RELEASE, COMMIT).
    expect(statements).toBeLessThanOrEqual(dialect() === "postgres" ? 14 : 22);
    // PostgreSQL parses and plans none of them: ours and the sandbox provider's look-up of its key
    // run as named statements (before: schedule, key, channel and both schedule updates were
    // planned on every charge).
    if (dialect() === "postgres") expect(afresh).toBe(0);
    // The attempt before the provider call, the sandbox provider's own payment, the outcome with
    // COMPLETED (before: COMPLETED was a fourth commit of its own).
    expect(commits).toBe(3);
    expect((await schedule(id!)).status).toBe("COMPLETED");
    const txs = await transactionsOf([id!]);
    expect(txs.map((t) => t.status)).toEqual(["PAID"]);
    expect(await chargesAtProvider(m.merchant_id, txs[0]!.payment_id)).toHaveLength(1);
  });

  it("a worker that died after charging: the re-leased job completes the schedule without charging again", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const [id] = await bookMany(m, key, 1);
    await makeDue([id!]);
    // The dead worker's run: started, attempt made and charged, then nothing.
    expect(await markStarted(await schedule(id!))).toBe(true);
    const attempt = await findOrStartAttempt(await schedule(id!));
    const charged = await chargeScheduled(await schedule(id!), attempt!);
    expect(charged.status).toBe("PAID");
    await leaseExpired(id!);
    await runUntilSettled([id!]);
    const done = await schedule(id!);
    expect(done.status).toBe("COMPLETED");
    const txs = await transactionsOf([id!]);
    expect(txs.map((t) => [t.id, t.status, t.pg_tx_id])).toEqual([[charged.id, "PAID", charged.pg_tx_id]]);
  });

  it("a worker that died between STARTED and the charge: the schedule is charged once when the lease expires", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const [id] = await bookMany(m, key, 1);
    await makeDue([id!]);
    expect(await markStarted(await schedule(id!))).toBe(true);
    const pending = await findOrStartAttempt(await schedule(id!));
    expect(pending!.status).toBe("PENDING");
    await leaseExpired(id!);
    await runUntilSettled([id!]);
    expect((await schedule(id!)).status).toBe("COMPLETED");
    const txs = await transactionsOf([id!]);
    expect(txs.map((t) => [t.id, t.status])).toEqual([[pending!.id, "PAID"]]);
  });

  it("a worker process killed (SIGKILL) mid-run: another worker completes the schedule exactly once", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const name = `killtest-${process.pid}-${Date.now()}`;
    const child = spawn(process.execPath, ["--import", "tsx", path.join(process.cwd(), "scripts/worker.ts")], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        WORKER_NAME: name,
        WORKER_QUEUES: SCHEDULE_RUN_QUEUE,
        WORKER_LEASE_MS: "1500",
        WORKER_POLL_MS: "100",
        SANDBOX_LATENCY_MS: "10000",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let id: string | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("started") && resolve());
        child.once("exit", (code) => reject(new Error(`worker process exited early (${code})`)));
      });
      // Other test files drain the same queue: retry until the child is the worker that took the job.
      for (let attempt = 0; attempt < 5 && !id; attempt++) {
        const [candidate] = await bookMany(m, key, 1, `kill-${attempt}`);
        await makeDue([candidate!]);
        const deadline = Date.now() + 30_000;
        for (;;) {
          const row = await schedule(candidate!);
          const job = await getDb()
            .selectFrom("jobs")
            .select("locked_by")
            .where("dedupe_key", "=", `schedule:${candidate}`)
            .executeTakeFirstOrThrow();
          if (row.status === "STARTED" && job.locked_by?.startsWith(name)) {
            id = candidate;
            break;
          }
          if (row.status === "COMPLETED") break;
          if (Date.now() > deadline)
            throw new Error(
              `the worker process never started the schedule (status ${row.status}, locked by ${job.locked_by})`,
            );
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      expect(id).toBeDefined();
      // Killed while the provider call is in flight (the sandbox answers after 10 s).
      child.kill("SIGKILL");
      await new Promise((r) =>
        child.exitCode !== null || child.signalCode !== null ? r(null) : child.once("exit", r),
      );
      expect((await schedule(id!)).status).toBe("STARTED");
      await new Promise((r) => setTimeout(r, 1600));
      await runUntilSettled([id!]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    expect((await schedule(id!)).status).toBe("COMPLETED");
    const txs = await transactionsOf([id!]);
    expect(txs).toHaveLength(1);
    expect(txs[0]!.status).toBe("PAID");
  }, 240_000);

  it("a schedule run twice at once (its first run lost the lease mid-charge) moves money once at the provider", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const [id] = await bookMany(m, key, 1, "twice");
    await makeDue([id!]);
    process.env.SANDBOX_LATENCY_MS = "300";
    try {
      await Promise.all([runScheduleJob({ scheduleId: id! }), runScheduleJob({ scheduleId: id! })]);
    } finally {
      process.env.SANDBOX_LATENCY_MS = "";
    }
    const done = await schedule(id!);
    expect(done.status).toBe("COMPLETED");
    const txs = await transactionsOf([id!]);
    expect(txs.map((t) => t.status)).toEqual(["PAID"]);
    const charges = await chargesAtProvider(m.merchant_id, done.payment_id);
    expect(charges).toEqual([expect.objectContaining({ txId: txs[0]!.id, pgTxId: txs[0]!.pg_tx_id, amount: 1000 })]);
  });

  it("the job re-run while its first run is mid-charge (its lease ran out) moves money once at the provider", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const [id] = await bookMany(m, key, 1, "rerun");
    await makeDue([id!]);
    process.env.SANDBOX_LATENCY_MS = "600";
    try {
      const first = runScheduleJob({ scheduleId: id! });
      // The second run starts once the first has recorded its attempt and is waiting on the provider.
      while ((await transactionsOf([id!])).length === 0) await new Promise((r) => setTimeout(r, 10));
      await Promise.all([first, runScheduleJob({ scheduleId: id! })]);
    } finally {
      process.env.SANDBOX_LATENCY_MS = "";
    }
    const done = await schedule(id!);
    expect(done.status).toBe("COMPLETED");
    const txs = await transactionsOf([id!]);
    expect(txs.map((t) => t.status)).toEqual(["PAID"]);
    expect(await chargesAtProvider(m.merchant_id, done.payment_id)).toEqual([
      expect.objectContaining({ txId: txs[0]!.id, pgTxId: txs[0]!.pg_tx_id, amount: 1000 }),
    ]);
  });

  it("a run that meets an error retrying cannot fix completes the schedule with a FAILED payment instead of retrying forever", async () => {
    const m = await newMerchant();
    const key = await issueKey(m);
    const [id] = await bookMany(m, key, 1, "broken");
    // A stored request no charge can be made from (its tax-free part exceeds the total).
    const stored = JSON.parse((await schedule(id!)).request);
    await getDb()
      .updateTable("schedules")
      .set({ request: JSON.stringify({ ...stored, tax_free_amount: stored.total_amount + 1 }) })
      .where("id", "=", id!)
      .execute();
    await makeDue([id!]);
    await runUntilSettled([id!], 10_000);
    const done = await schedule(id!);
    expect(done.status).toBe("COMPLETED");
    const res = await m.api.get(`/v2/payments/${done.payment_id}`);
    expect(res.body.payment.transactions).toEqual([
      expect.objectContaining({
        schedule_id: id,
        billing_key: key,
        status: "FAILED",
        failure: expect.objectContaining({
          pg_code: SCHEDULE_REJECTED,
          reason: expect.stringContaining("tax_free_amount"),
        }),
      }),
    ]);
    expect(await chargesAtProvider(m.merchant_id, done.payment_id)).toEqual([]);
  });
});
