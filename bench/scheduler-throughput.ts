/**
 * Scheduled-payment throughput (issue #18): BENCH_SCHEDULES (default 2,000) schedules over
 * BENCH_KEYS billing keys (default one per 10 schedules: customers), all due at once, run by BENCH_WORKERS (2) `npm run worker` processes on DATABASE_URL
 * (PostgreSQL is the target; a throwaway SQLite file by default). Charges per second from the first
 * due moment to the last schedule settled, then the double-charge check: one transaction per
 * schedule, and at the provider (asked through the adapter, as reconciliation does) one charge
 * per payment.
 *   DATABASE_URL=postgres://… npx tsx bench/scheduler-throughput.ts
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startProcess, stopAll } from "./lib/servers";

const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 2000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
/** Customers: schedules are spread over this many billing keys (a charge holds its key's lock). */
const KEYS = Number(process.env.BENCH_KEYS ?? Math.max(1, Math.floor(SCHEDULES / 10)));
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-schedules-"));
process.env.DATABASE_URL ??= `file:${dir}/schedules.db`;
process.env.DATA_DIR ??= dir;

const { getDb, dialect } = await import("@/lib/db/client");
const { migrateToLatest } = await import("@/lib/db/migrations");
const { createMerchant } = await import("@/lib/tenancy/create-merchant");
const { issueBillingKey } = await import("@/lib/billing-keys/issue-billing-key");
const { issueBillingKeyBody } = await import("@/lib/billing-keys/schema");
const { createSchedule } = await import("@/lib/schedules/create-schedule");
const { chargesAtProvider } = await import("@/lib/testing/provider-ledger");
const { runScheduleJob } = await import("@/lib/schedules/run");
const { commitsExecuted, statementsExecuted } = await import("@/lib/db/statement-cache");

/** Statements and durable commits one scheduled charge runs in this process, alone (the job's claim and finish not included). */
async function statementsPerCharge(): Promise<{ statements: number; commits: number }> {
  const probe = await createMerchant({ name: "Scheduler bench probe" });
  const ctx = {
    merchantId: probe.merchant_id,
    storeId: probe.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "API" as const, ip_address: "127.0.0.1" },
  };
  const channel_key = probe.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
  const card = {
    card_credential: {
      card_number: "4242424242424242",
      expiry_month: "12",
      expiry_year: "2099",
      birth_or_business_registration_number: "900101",
      password_two_digits: "12",
    },
  };
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
  const m = await createMerchant({ name: "Scheduler bench" });
  const ctx = {
    merchantId: m.merchant_id,
    storeId: m.store_id,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "API" as const, ip_address: "127.0.0.1" },
  };
  const channelKey = m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
  const card = {
    card_credential: {
      card_number: "4242424242424242",
      expiry_month: "12",
      expiry_year: "2099",
      birth_or_business_registration_number: "900101",
      password_two_digits: "12",
    },
  };
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
  for (let w = 0; w < WORKERS; w++) {
    startProcess(
      dir,
      ["npx", "tsx", "scripts/worker.ts"],
      { WORKER_NAME: `bench-${w}`, WORKER_QUEUES: "schedule.run", LOG_LEVEL: "warn" },
      `worker-${w}`,
    );
  }
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
  }
  const seconds = (Date.now() - started) / 1000;
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
