/**
 * Cost of the audit log on the write path (at most 10%). Since teams, every payment
 * state change made through the API writes an audit entry in its DB transaction (one INSERT), sealed
 * into the merchant's hash chain after commit (lib/audit/seal.ts: a read and a write per run, runs
 * spaced AUDIT_SEAL_SPACING_MS apart, so a busy merchant's entries are sealed in batches). Measured in
 * one process so nothing else differs: the instant-pay verb is called BENCH_CONCURRENCY at a time
 * with an API-key caller (audited, as every API request is) and with a caller that has no actor
 * (nothing recorded, as the worker's own transitions; the same request context otherwise), in alternating slices (ABBA) after a warm-up; one merchant, as
 * the chain is per merchant. DATABASE_URL picks the database (a throwaway SQLite file by default).
 * Prints, over the pairs of slices, the audited / unaudited throughput ratio and the audit's share of
 * a payment's CPU (app + PostgreSQL processes), each as median and quartiles: throughput moves with
 * the machine's load, CPU per payment much less.
 *   npx tsx bench/audit-cost.ts      (BENCH_PAIRS=20 BENCH_SLICE_MS=1000 BENCH_CONCURRENCY=10)
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { postgresClusterSeconds, postmasterPid } from "./lib/process-cpu";

const pairs = Number(process.env.BENCH_PAIRS ?? 20);
const sliceMs = Number(process.env.BENCH_SLICE_MS ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-audit-"));
process.env.DATABASE_URL ??= `file:${path.join(dir, "bench.db")}`;
Object.assign(process.env, { DATA_DIR: dir, LOG_FILE: path.join(dir, "bench.log") });
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { instantPay } = await import("@/lib/payments/pay/instant-pay");
const { runAsCaller } = await import("@/lib/audit/actor");
const { dialect, getDb, closeDb, withTransaction } = await import("@/lib/db/client");
const { sql } = await import("kysely");
const { commitsExecuted, statementsExecuted } = await import("@/lib/db/statement-cache");
const { holdSealing, sealAuditChain, sealingSettled } = await import("@/lib/audit/seal");
const { recordAudit } = await import("@/lib/audit/record");
const { BENCH_API_KEY: actor, cardPaymentInput, inProcessMerchant } = await import("./lib/in-process-merchant");

await migrateToLatest();
const { ctx, channelKey } = await inProcessMerchant("Audit bench");
const body = cardPaymentInput(channelKey);
let seq = 0;

/** PostgreSQL's postmaster (its children are the backends and helpers whose CPU a payment costs there). */
const postmaster =
  dialect() === "postgres"
    ? postmasterPid(
        (await sql<{ d: string }>`select current_setting('data_directory') as d`.execute(getDb())).rows[0]!.d,
      )
    : -1;
/**
 * CPU seconds so far: this process, and the PostgreSQL cluster's processes (bench/lib/process-cpu.ts).
 * The /proc scan takes this process's CPU itself: read at the start of a window after it, at the end before it.
 */
function cpu(end = false): { app: number; pg: number } {
  const app = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  };
  const before = end ? app() : 0;
  const pg = postmaster > 0 ? postgresClusterSeconds(postmaster) : 0;
  return { app: end ? before : app(), pg };
}
type Cost = { payments: number; app: number; pg: number; statements: number; commits: number };
const costs: Record<"on" | "off", Cost> = {
  on: { payments: 0, app: 0, pg: 0, statements: 0, commits: 0 },
  off: { payments: 0, app: 0, pg: 0, statements: 0, commits: 0 },
};

/**
 * One slice, audited or not: its payments per second and CPU per payment (app + database, sealing
 * included); its CPU, statements and commits also go to `costs`.
 */
async function slice(audited: boolean, counted = true): Promise<{ rate: number; cpuPerPayment: number }> {
  let done = 0;
  const cpuFrom = cpu();
  const statementsFrom = statementsExecuted();
  const commitsFrom = commitsExecuted();
  const started = performance.now();
  const deadline = started + sliceMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const pay = () => instantPay({ ctx, input: { ...body, payment_id: `audit-bench-${seq++}` } });
        // Both in a request's caller context (as every API request runs), the audited one with its actor.
        await runAsCaller(audited ? { actor, merchantId: ctx.merchantId } : { merchantId: ctx.merchantId }, pay);
        done += 1;
      }
    }),
  );
  const rate = done / ((performance.now() - started) / 1000);
  await sealingSettled(); // the slice's own sealing, so it is not billed to the next slice
  const cpuTo = cpu(true);
  if (counted) {
    const c = costs[audited ? "on" : "off"];
    c.payments += done;
    c.app += cpuTo.app - cpuFrom.app;
    c.pg += cpuTo.pg - cpuFrom.pg;
    c.statements += statementsExecuted() - statementsFrom;
    c.commits += commitsExecuted() - commitsFrom;
  }
  return { rate, cpuPerPayment: (cpuTo.app - cpuFrom.app + cpuTo.pg - cpuFrom.pg) / done };
}

for (let i = 0; i < 4; i++) await slice(i % 2 === 0, false); // warm-up: module loading, JIT, statement caches
const ratios: number[] = [];
// CPU per payment does not depend on how busy the machine is (throughput does): each pair's
// audited / unaudited CPU per payment, minus 1, is the audit's share of a payment.
const shares: number[] = [];
const totals = { on: 0, off: 0 };
for (let pair = 0; pair < pairs; pair++) {
  const rates: Record<string, { rate: number; cpuPerPayment: number }> = {};
  for (const on of pair % 2 === 0 ? [false, true] : [true, false]) rates[on ? "on" : "off"] = await slice(on);
  ratios.push(rates.on!.rate / rates.off!.rate);
  shares.push(rates.on!.cpuPerPayment / rates.off!.cpuPerPayment - 1);
  totals.on += rates.on!.rate;
  totals.off += rates.off!.rate;
}
/** Median and quartiles of a sample. */
const quartiles = (sample: number[]) => {
  const sorted = [...sample].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), low: at(0.25), high: at(0.75) };
};
const ratio = quartiles(ratios);
const share = quartiles(shares);
const entries = await getDb()
  .selectFrom("audit_log")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .where("merchant_id", "=", ctx.merchantId)
  .executeTakeFirstOrThrow();
console.log(
  `\n${dialect()} · instant pay in process, ${concurrency} at a time · ${pairs} pairs of ${sliceMs} ms slices · ${Number(entries.n).toLocaleString("en-US")} audit entries written\n`,
);
const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(
  "| database | not audited: payments/s | audited: payments/s | audited / not, median of pairs (quartiles) | means | audit's share of a payment's CPU, median of pairs (quartiles) |\n|---|---|---|---|---|---|",
);
console.log(
  `| ${dialect()} | ${(totals.off / pairs).toFixed(0)} | ${(totals.on / pairs).toFixed(0)} | **${ratio.median.toFixed(3)}** (${ratio.low.toFixed(3)}–${ratio.high.toFixed(3)}) | ${(totals.on / totals.off).toFixed(3)} | **${percent(share.median)}** (${percent(share.low)}–${percent(share.high)}) |`,
);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const per = (c: Cost) =>
  `app ${((c.app / c.payments) * 1e6).toFixed(0)} µs + ${dialect()} ${((c.pg / c.payments) * 1e6).toFixed(0)} µs, ${(c.statements / c.payments).toFixed(2)} statements, ${(c.commits / c.payments).toFixed(2)} commits`;
console.log(`\nPer payment (load ${load()}): not audited ${per(costs.off)}; audited ${per(costs.on)}`);

// Sealing alone: `batch` entries written unsealed (post-commit sealing held), then one sealAuditChain
// call timed; CPU and statements of the sealing only, per entry.
const release = await holdSealing(ctx.merchantId);
for (const batch of [1, 10, 100]) {
  const runs = Math.max(5, Math.round(200 / batch));
  const sum = { wall: 0, app: 0, pg: 0, statements: 0, commits: 0 };
  for (let run = 0; run < runs; run++) {
    await withTransaction(async (tx) => {
      for (let i = 0; i < batch; i++)
        await recordAudit(
          tx,
          { merchantId: ctx.merchantId, action: "payment.status_change", targetId: `seal-bench-${run}-${i}` },
          actor,
        );
    });
    const [cpuFrom, statementsFrom, commitsFrom, started] = [
      cpu(),
      statementsExecuted(),
      commitsExecuted(),
      performance.now(),
    ];
    if ((await sealAuditChain(ctx.merchantId)) !== batch) throw new Error("sealing sealed another batch size");
    const cpuTo = cpu(true);
    sum.wall += performance.now() - started;
    sum.app += cpuTo.app - cpuFrom.app;
    sum.pg += cpuTo.pg - cpuFrom.pg;
    sum.statements += statementsExecuted() - statementsFrom;
    sum.commits += commitsExecuted() - commitsFrom;
  }
  const n = runs * batch;
  console.log(
    `Sealing ${batch} at a time (${runs} runs, load ${load()}): per entry ${((sum.wall / n) * 1000).toFixed(0)} µs wall, app ${((sum.app / n) * 1e6).toFixed(0)} µs + ${dialect()} ${((sum.pg / n) * 1e6).toFixed(0)} µs CPU, ${(sum.statements / n).toFixed(2)} statements, ${(sum.commits / n).toFixed(2)} commits`,
  );
}
await release();
await closeDb();
