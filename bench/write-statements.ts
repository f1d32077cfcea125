/**
 * What SQLite itself spends per payment, statement by statement (PostgreSQL has
 * pg_stat_statements, see BENCH_PROFILE in bench/http-ratio.ts). better-sqlite3 runs each statement
 * synchronously on the event loop, so the time inside its run/all call is SQLite's own work: the
 * statement, index upkeep, triggers, and for a COMMIT the WAL fsync. In one process, the instant-pay
 * verb is called BENCH_CONCURRENCY (10) at a time for BENCH_SECONDS (5) after a warm-up, as an API
 * key (audited), one merchant, a throwaway SQLite file.
 *   npx tsx bench/write-statements.ts
 */
import Database from "better-sqlite3";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-write-statements-"));
Object.assign(process.env, {
  DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
  DATA_DIR: dir,
  LOG_FILE: path.join(dir, "bench.log"),
});

// Time every statement run, by its SQL text (Statement.prototype is shared by every statement).
type Tally = { calls: number; ns: bigint };
const tallies = new Map<string, Tally>();
let counting = false;
const probe = new Database(":memory:");
const proto = Object.getPrototypeOf(probe.prepare("select 1")) as Record<string, unknown>;
probe.close();
for (const method of ["run", "all", "get"]) {
  const original = proto[method] as (this: { source: string }, ...args: unknown[]) => unknown;
  proto[method] = function (this: { source: string }, ...args: unknown[]) {
    if (!counting) return original.apply(this, args);
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      const tally = tallies.get(this.source) ?? { calls: 0, ns: 0n };
      tally.calls++;
      tally.ns += process.hrtime.bigint() - started;
      tallies.set(this.source, tally);
    }
  };
}

const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { instantPay } = await import("@/lib/payments/pay/instant-pay");
const { runAsCaller } = await import("@/lib/audit/actor");
const { closeDb } = await import("@/lib/db/client");
const { sealingSettled } = await import("@/lib/audit/seal");
const { BENCH_API_KEY: actor, cardPaymentInput, inProcessMerchant } = await import("./lib/in-process-merchant");

await migrateToLatest();
const { ctx, channelKey } = await inProcessMerchant("Statements bench");
const body = cardPaymentInput(channelKey);
let seq = 0;

async function payFor(ms: number): Promise<number> {
  const until = Date.now() + ms;
  let paid = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await runAsCaller({ actor, merchantId: ctx.merchantId }, () =>
          instantPay({ ctx, input: { ...body, payment_id: `bench-${process.pid}-${++seq}` } }),
        );
        paid++;
      }
    }),
  );
  return paid;
}

await payFor(1000); // warm-up: JIT, statement cache
await sealingSettled();
counting = true;
const cpuBefore = process.cpuUsage();
const startedAt = process.hrtime.bigint();
const payments = await payFor(seconds * 1000);
await sealingSettled(); // the audit sealing these payments caused, after their commits
const wallUs = Number(process.hrtime.bigint() - startedAt) / 1000;
const cpu = process.cpuUsage(cpuBefore);
counting = false;

const rows = [...tallies.entries()].sort((a, b) => Number(b[1].ns - a[1].ns));
const totalNs = rows.reduce((s, [, t]) => s + t.ns, 0n);
const us = (ns: bigint) => (Number(ns) / 1000 / payments).toFixed(1);
console.log(
  `\nSQLite statements per payment: ${payments} payments in ${seconds} s at ${concurrency} at a time (${(payments / seconds).toFixed(0)}/s), in process; the process's CPU ${((cpu.user + cpu.system) / payments).toFixed(0)} µs per payment (wall ${(wallUs / payments).toFixed(0)} µs), of which inside SQLite's calls ${us(totalNs)} µs\n`,
);
console.log("| statement | calls per payment | µs per payment | µs per call |\n|---|---|---|---|");
for (const [text, t] of rows.slice(0, 25)) {
  const shown = text.replace(/\s+/g, " ").slice(0, 120).replaceAll("|", "\\|");
  console.log(
    `| \`${shown}\` | ${(t.calls / payments).toFixed(2)} | ${us(t.ns)} | ${(Number(t.ns) / 1000 / t.calls).toFixed(1)} |`,
  );
}
await closeDb();
process.exit(0);
