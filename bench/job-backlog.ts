/**
 * Background work versus requests, on a throwaway SQLite (or DATABASE_URL):
 *   1. claim cost: one claim of 10 jobs at 1k, 10k and 100k due, against the pre-0020 claim query
 *      (an OR across states plus a sort) timed on the same rows;
 *   2. GET /v2/payments/{id} latency on the production server with an empty queue (the baseline);
 *   3. the same while the server, restarted over BENCH_JOBS due jobs, drains them: p50/p99 against
 *      the baseline, and the drain's throughput.
 * Needs a production build (`npx next build`). Usage: npx tsx bench/job-backlog.ts
 * Knobs: BENCH_JOBS (default 100000), BENCH_CONCURRENCY (4), BENCH_BASELINE_SECONDS (10), BENCH_CLAIM_COST (0: skip part 1),
 * BENCH_DRAIN_SECONDS (cap on the drain phase, 600), BENCH_PORT (4250).
 */
import { sql } from "kysely";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-backlog-"));
process.env.DATA_DIR ??= dir;
process.env.DATABASE_URL ??= `file:${path.join(dir, "bench.db")}`;

const { closeDb, getDb } = await import("@/lib/db/client");
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { claimJobs } = await import("@/lib/jobs/repository/claim");
const { AUTO_ISSUE_QUEUE } = await import("@/lib/cash-receipts/auto-issue");
const { countJobs, seedDueJobs } = await import("@/lib/testing/job-backlog");
const { startHttpServer } = await import("@/lib/testing/http-server");

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 600);
const PORT = Number(process.env.BENCH_PORT ?? 4250);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;

async function timeMs(fn: () => Promise<unknown>, times: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < times; i++) await fn();
  return (performance.now() - started) / times;
}

/** Claim cost at growing backlogs: the claim in use and the pre-0020 query on the same rows. */
async function claimCost() {
  const rows = [];
  const queue = "bench.claim";
  let seeded = 0;
  for (const backlog of [1_000, 10_000, 100_000]) {
    await seedDueJobs(queue, backlog - seeded);
    seeded = backlog;
    const now = Date.now();
    const old = await timeMs(
      () =>
        sql`select id from jobs where queue in (${queue}) and ((state = 'QUEUED' and run_at <= ${now}) or (state = 'RUNNING' and locked_until < ${now})) order by run_at limit 10`.execute(
          getDb(),
        ),
      20,
    );
    // Claims take 10 jobs each; put them back so the backlog stays the same size.
    const claim = await timeMs(async () => {
      const jobs = await claimJobs("bench", [queue], 10, 60_000);
      await getDb()
        .updateTable("jobs")
        .set({ state: "QUEUED", locked_by: null, locked_until: null })
        .where(
          "id",
          "in",
          jobs.map((j) => j.id),
        )
        .execute();
    }, 20);
    rows.push({
      due_jobs: backlog,
      "claim of 10 (ms, incl. putting back)": round(claim),
      "old query, select only (ms)": round(old),
    });
  }
  await getDb().deleteFrom("jobs").where("queue", "=", queue).execute();
  return rows;
}

/** GETs one payment from CONCURRENCY loops until `until()` says stop; latencies in ms. */
async function load(get: () => Promise<Response>, until: () => boolean | Promise<boolean>) {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!(await until())) {
        const t = performance.now();
        const res = await get();
        await res.arrayBuffer();
        if (!res.ok) errors += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(latencies.at(-1) ?? NaN),
    errors,
    seconds: round(seconds),
  };
}

await migrateToLatest();
// BENCH_CLAIM_COST=0 skips part 1 (seeding 100k jobs), e.g. to measure only the drain.
if (process.env.BENCH_CLAIM_COST !== "0") {
  console.log(`claim cost (${process.env.DATABASE_URL!.startsWith("postgres") ? "PostgreSQL" : "SQLite"})`);
  console.table(await claimCost());
}

const server = await startHttpServer({
  port: PORT,
  databaseUrl: process.env.DATABASE_URL!,
  dataDir: dir,
  env: { WORKER_POLL_MS: "500" },
});
try {
  const m = await server.createMerchant({ name: "Bench" });
  const channel = m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
  const auth = { authorization: `Bearer ${m.accessToken}`, "content-type": "application/json" };
  const card = {
    card_number: "4242424242424242",
    expiry_month: "12",
    expiry_year: "2099",
    birth_or_business_registration_number: "900101",
    password_two_digits: "12",
  };
  const paid = await server.fetch("/v2/payments/bench-1/instant/pay", {
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      channel_key: channel,
      order_name: "Bench",
      total_amount: 1000,
      currency: "KRW",
      payment_method_option: { card: { card_credential: card } },
    }),
  });
  if (!paid.ok) throw new Error(`payment failed: ${paid.status} ${await paid.text()}`);
  const get = () => server.fetch("/v2/payments/bench-1", { headers: auth });
  for (let i = 0; i < 200; i++) await (await get()).arrayBuffer(); // warm-up

  const baselineEnd = Date.now() + BASELINE_SECONDS * 1000;
  const baseline = await load(get, () => Date.now() > baselineEnd);

  // An outage's backlog: jobs that find nothing to do (the expensive case: pure claim + delete).
  await server.stop();
  await seedDueJobs(AUTO_ISSUE_QUEUE, JOBS, { transactionId: "tx_missing" });
  await server.restart();
  const restartedAt = Date.now();
  let left = JOBS;
  let drainedAt: number | undefined;
  const sampler = setInterval(() => {
    void countJobs(AUTO_ISSUE_QUEUE).then((n) => {
      left = n;
      if (n === 0) drainedAt ??= Date.now();
    });
  }, 1000);
  const during = await load(get, () => left === 0 || Date.now() - restartedAt > DRAIN_SECONDS * 1000);
  clearInterval(sampler);
  left = await countJobs(AUTO_ISSUE_QUEUE);
  const drainSeconds = ((drainedAt ?? Date.now()) - restartedAt) / 1000;

  console.log(
    `\nGET /v2/payments/{id}, ${CONCURRENCY} concurrent, before and while draining ${JOBS} due jobs after a restart`,
  );
  console.table({ "empty queue (baseline)": baseline, "draining the backlog": during });
  console.table({
    "p50 ratio (draining / baseline)": round(during.p50_ms / baseline.p50_ms),
    "p99 ratio (draining / baseline)": round(during.p99_ms / baseline.p99_ms),
    "drain: jobs/s": Math.round((JOBS - left) / drainSeconds),
    "drain: seconds": round(drainSeconds),
    "jobs left": left,
  });
} finally {
  await server.stop();
  await closeDb();
}
