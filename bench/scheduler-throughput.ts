/**
 * Scheduled-payment throughput: BENCH_SCHEDULES (default 2,000) schedules over
 * BENCH_KEYS billing keys (default one per 10 schedules: customers), all due at once, run by BENCH_WORKERS (2) `npm run worker` processes on DATABASE_URL
 * (PostgreSQL is the target; a throwaway SQLite file by default). Charges per second from the first
 * due moment to the last schedule settled, then the double-charge check: one transaction per
 * schedule, and at the provider (asked through the adapter, as reconciliation does) one charge
 * per payment.
 *   DATABASE_URL=postgres://… npx tsx bench/scheduler-throughput.ts
 */
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuSeconds } from "./lib/process-cpu";
import { startProcess, stopAll } from "./lib/servers";
import { TEST_CARD_CREDENTIAL } from "./lib/test-card";

const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 2000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
/** Customers: schedules are spread over this many billing keys (a charge holds its key's lock). */
const KEYS = Number(process.env.BENCH_KEYS ?? Math.max(1, Math.floor(SCHEDULES / 10)));
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-schedules-"));
process.env.DATABASE_URL ??= `file:${dir}/schedules.db`;
process.env.DATA_DIR ??= dir;

const { getDb, dialect } = await import("@/lib/db/client");
const { migrateToLatest } = await import("@/lib/db/migrations");
const { inProcessMerchant } = await import("./lib/in-process-merchant");
const { issueBillingKey } = await import("@/lib/billing-keys/issue-billing-key");
const { issueBillingKeyBody } = await import("@/lib/billing-keys/schema");
const { createSchedule } = await import("@/lib/schedules/create-schedule");
const { chargesAtProvider } = await import("@/lib/testing/provider-ledger");
const { runScheduleJob } = await import("@/lib/schedules/run");
const { commitsExecuted, statementsExecuted } = await import("@/lib/db/statement-cache");

/** Statements and durable commits one scheduled charge runs in this process, alone (the job's claim and finish not included). */
async function statementsPerCharge(): Promise<{ statements: number; commits: number }> {
  const { ctx, channelKey: channel_key } = await inProcessMerchant("Scheduler bench probe");
  const card = { card_credential: TEST_CARD_CREDENTIAL };
  const issued = (await issueBillingKey({
    ctx,
    input: issueBillingKeyBody.parse({ channel_key, payment_method_option: { card } }),
  })) as { billing_key: string };
  const schedule = (await createSchedule({
    ctx,
    input: {
      billing_key: issued.billing_key,
      payment_id: "probe",
      order_name: "Plan",
      total_amount: 1000,
      currency: "KRW",
      scheduled_at: Date.now() + 3_600_000,
    },
  })) as { id: string };
  const before = statementsExecuted();
  const commitsBefore = commitsExecuted();
  await runScheduleJob({ scheduleId: schedule.id });
  return { statements: statementsExecuted() - before, commits: commitsExecuted() - commitsBefore };
}

async function main() {
  await migrateToLatest();
  const { merchant: m, ctx, channelKey } = await inProcessMerchant("Scheduler bench");
  const card = { card_credential: TEST_CARD_CREDENTIAL };
  const keys: string[] = [];
  for (let k = 0; k < KEYS; k++) {
    const issued = await issueBillingKey({
      ctx,
      input: issueBillingKeyBody.parse({ channel_key: channelKey, payment_method_option: { card } }),
    });
    keys.push((issued as { billing_key: string }).billing_key);
  }
  const probeStatements = await statementsPerCharge();
  const ids: string[] = [];
  for (let i = 0; i < SCHEDULES; i++) {
    const res = await createSchedule({
      ctx,
      input: {
        billing_key: keys[i % KEYS]!,
        payment_id: `sch-${i}`,
        order_name: "Plan",
        total_amount: 1000 + i,
        currency: "KRW",
        scheduled_at: Date.now() + 3_600_000,
      },
    });
    ids.push((res as { id: string }).id);
  }
  // All due now, and their jobs with them (as makeDue does in the tests).
  const due = Date.now();
  await getDb()
    .updateTable("schedules")
    .set({ scheduled_at: due - 1 })
    .where("merchant_id", "=", m.merchant_id)
    .execute();
  await getDb()
    .updateTable("jobs")
    .set({ run_at: due - 1 })
    .where("dedupe_key", "like", "schedule:%")
    .where("state", "=", "QUEUED")
    .execute();
  const started = Date.now();
  const workers: number[] = [];
  // BENCH_PROFILE=1: the first worker is CPU-profiled (stopped with SIGTERM so that it writes it).
  const profiles = path.join(dir, "profiles");
  const profiled = process.env.BENCH_PROFILE === "1";
  for (let w = 0; w < WORKERS; w++) {
    const node = profiled && w === 0 ? ["node", "--cpu-prof", "--cpu-prof-dir", profiles] : ["npx", "tsx"];
    const worker = startProcess(
      dir,
      [...node, ...(node[0] === "node" ? ["--import", "tsx"] : []), "scripts/worker.ts"],
      { WORKER_NAME: `bench-${w}`, WORKER_QUEUES: "schedule.run", LOG_LEVEL: "warn" },
      `worker-${w}`,
    );
    workers.push(worker.pid!);
  }
  // CPU of the workers (their process groups) and of PostgreSQL's backends (bench/all.sh exports
  // PG_TEMP_DIR) from the first charge settled to the last: what one charge costs on each side.
  const pgData = dialect() === "postgres" && process.env.PG_TEMP_DIR ? `${process.env.PG_TEMP_DIR}/data` : undefined;
  const cpuNow = () =>
    workers
      .map((pid) => cpuSeconds(pid, pgData))
      .reduce((a, b) => ({ server: a.server + b.server, postgres: b.postgres }), { server: 0, postgres: 0 });
  let cpuFrom: { server: number; postgres: number; open: number } | undefined;
  let open = SCHEDULES;
  while (open > 0 && Date.now() - started < 600_000) {
    await new Promise((r) => setTimeout(r, 250));
    const row = await getDb()
      .selectFrom("schedules")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("merchant_id", "=", m.merchant_id)
      .where("status", "in", ["SCHEDULED", "STARTED"])
      .executeTakeFirstOrThrow();
    open = Number(row.n);
    if (!cpuFrom && open < SCHEDULES) cpuFrom = { ...cpuNow(), open };
  }
  const seconds = (Date.now() - started) / 1000;
  const cpuTo = cpuNow();
  if (profiled) {
    process.kill(-workers[0]!, "SIGTERM");
    for (let i = 0; i < 100 && !existsSync(profiles); i++) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1000));
  }
  stopAll();
  const txs = await getDb()
    .selectFrom("transactions")
    .select(["schedule_id", "payment_id", "status", "created_at", "status_updated_at"])
    .where("merchant_id", "=", m.merchant_id)
    .where("schedule_id", "is not", null)
    .execute();
  const perSchedule = new Map<string, number>();
  for (const t of txs) perSchedule.set(t.schedule_id!, (perSchedule.get(t.schedule_id!) ?? 0) + 1);
  const doubleTransactions = [...perSchedule.values()].filter((n) => n > 1).length;
  let doubleCharges = 0;
  for (let i = 0; i < SCHEDULES; i++)
    if ((await chargesAtProvider(m.merchant_id, `sch-${i}`)).length > 1) doubleCharges++;
  const paid = txs.filter((t) => t.status === "PAID").length;
  // Throughput from the workers' first attempt to the last outcome (leaves their start-up out).
  const durations = txs.map((t) => t.status_updated_at - t.created_at).sort((a, b) => a - b);
  console.log(
    `statements per scheduled charge, alone in process (BEGIN/COMMIT and savepoints included, the job's claim and finish not): ${probeStatements.statements}, durable commits ${probeStatements.commits} (+ the job's finish)`,
  );
  if (cpuFrom && cpuFrom.open > open) {
    const charges = cpuFrom.open - open;
    const perCharge = (from: number, to: number) => (((to - from) * 1e6) / charges).toFixed(0);
    console.log(
      `CPU per charge over the last ${charges} charges: workers ${perCharge(cpuFrom.server, cpuTo.server)} µs${pgData ? `, PostgreSQL backends ${perCharge(cpuFrom.postgres, cpuTo.postgres)} µs` : ""}`,
    );
  }
  console.log(
    `attempt → outcome: p50 ${durations[Math.floor(durations.length / 2)]} ms, p95 ${durations[Math.floor(durations.length * 0.95)]} ms`,
  );
  const busy = (Math.max(...txs.map((t) => t.status_updated_at)) - Math.min(...txs.map((t) => t.created_at))) / 1000;
  console.log(
    `\n${dialect()} · ${SCHEDULES} schedules on ${KEYS} billing keys, due at once · ${WORKERS} worker processes\n`,
  );
  console.log(
    "| settled in s (with start-up) | charges/s (first attempt → last outcome) | paid | still open | schedules with 2+ transactions | payments charged twice at the provider |\n|---|---|---|---|---|---|",
  );
  console.log(
    `| ${seconds.toFixed(1)} | ${(paid / busy).toFixed(0)} | ${paid} | ${open} | ${doubleTransactions} | ${doubleCharges} |`,
  );
  if (profiled) {
    const { summariseProfile, topFrames } = await import("./lib/profile-summary");
    console.log(
      `\nCPU of a worker running scheduled charges, self time by owner:\n\n| owner | share of busy CPU |\n|---|---|\n${summariseProfile(profiles)}`,
    );
    console.log(
      `\nTop frames by self time:\n\n| function | where | owner | share of busy CPU |\n|---|---|---|---|\n${topFrames(profiles, 25)}`,
    );
  }
  await getDb().destroy();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    stopAll();
    process.exit();
  });
