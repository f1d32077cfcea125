/**
 * The long chaos run on a throwaway SQLite, or on DATABASE_URL (PostgreSQL: two
 * `npm run worker` processes beside the server). Two runs of the same traffic on fresh databases:
 *   1. baseline: provider latency only, no faults, no kills;
 *   2. chaos: provider faults (timeouts, lost answers, outages, delayed requests) and SIGKILLs
 *      of the server (and a worker) at random moments; on PostgreSQL the database also drops
 *      every connection of the server and workers at other random moments (a restart, a failover).
 * Prints the figures and writes them to docs/chaos.md (the section of that database), with the
 * chaos run's throughput as a ratio of the baseline's. Fails (exit 1) on any violated invariant.
 * Needs a production build (`npx next build`). Usage: npx tsx bench/chaos.ts
 * Knobs: CHAOS_LOAD_MS (180000), CHAOS_KILLS (8), CHAOS_CUTS (PostgreSQL: 4), CHAOS_CONCURRENCY (3),
 * BENCH_PORT (4150).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-chaos-"));
process.env.DATA_DIR ??= dir;
process.env.DATABASE_URL ??= `file:${path.join(dir, "chaos.db")}`;
Object.assign(process.env, { WEBHOOK_ALLOW_PRIVATE: "true" });

const { closeDb } = await import("@/lib/db/client");
const { databaseTarget } = await import("@/lib/env");
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { scratchDatabase } = await import("@/lib/testing/scratch-database");
const { runChaos } = await import("@/lib/testing/chaos/run");

const LOAD_MS = Number(process.env.CHAOS_LOAD_MS ?? 180_000);
const KILLS = Number(process.env.CHAOS_KILLS ?? 8);
const CUTS = Number(process.env.CHAOS_CUTS ?? 4);
const CONCURRENCY = Number(process.env.CHAOS_CONCURRENCY ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4150);
const postgres = databaseTarget().dialect === "postgres";

/** One run on a database of its own (the process's getDb() follows DATABASE_URL for the invariants). */
async function run(name: string, kills: number, cuts: number, env: Record<string, string>) {
  const scratch = await scratchDatabase(`chaos_${name}`);
  process.env.DATABASE_URL = scratch.url;
  await closeDb();
  await migrateToLatest();
  const dataDir = path.join(dir, name);
  mkdirSync(dataDir, { recursive: true });
  const result = await runChaos({
    port: PORT,
    databaseUrl: scratch.url,
    dataDir,
    workers: postgres ? 2 : 0,
    loadMs: LOAD_MS,
    kills,
    connectionCuts: postgres ? cuts : 0,
    concurrency: CONCURRENCY,
    retryForMs: 30_000,
    settleTimeoutMs: 300_000,
    env,
  });
  await closeDb();
  return result;
}

const benchStarted = Date.now();
const suiteUrl = process.env.DATABASE_URL;
const baseline = await run("baseline", 0, 0, { SANDBOX_FAULTS: "" });
process.env.DATABASE_URL = suiteUrl;
const chaos = await run("chaos", KILLS, CUTS, {});

const rate = (f: typeof chaos.figures) => (f.payments.answeredPaid + f.payments.answeredDeclined) / f.loadSeconds;
const figures = {
  baseline: baseline.figures,
  chaos: chaos.figures,
  throughputRatio: Math.round((rate(chaos.figures) / rate(baseline.figures)) * 100) / 100,
};
console.log(JSON.stringify(figures, null, 2));

const f = chaos.figures;
const faults = (x: typeof f) => `${x.faults.timeout} / ${x.faults.lost} / ${x.faults.network} / ${x.faults.delayed}`;
const section = [
  `## ${f.database}`,
  "",
  `Run ${new Date().toISOString().slice(0, 10)}: ${Math.round(f.loadSeconds)} s of traffic (${CONCURRENCY} loops per kind), ${f.serverKills} SIGKILLs of the server${f.workerKills ? ` and ${f.workerKills} of a worker` : ""}; whole run (both runs, settling, reconcile) ${Math.round((Date.now() - benchStarted) / 1000)} s.`,
  "",
  "| | baseline (latency only) | chaos (faults + kills) |",
  "|---|---|---|",
  `| requests sent (with retries) | ${baseline.figures.requests} | ${f.requests} |`,
  `| payments answered per second | ${rate(baseline.figures).toFixed(2)} | ${rate(f).toFixed(2)} (×${figures.throughputRatio}) |`,
  `| payments: paid / declined / never answered to the client | ${baseline.figures.payments.answeredPaid} / ${baseline.figures.payments.answeredDeclined} / ${baseline.figures.payments.unanswered} | ${f.payments.answeredPaid} / ${f.payments.answeredDeclined} / ${f.payments.unanswered} |`,
  `| schedules booked (paid / failed) | ${baseline.figures.schedules.booked} (${baseline.figures.schedules.paid} / ${baseline.figures.schedules.failed}) | ${f.schedules.booked} (${f.schedules.paid} / ${f.schedules.failed}) |`,
  `| partial cancels: succeeded / refused / unanswered | ${baseline.figures.cancels.succeeded} / ${baseline.figures.cancels.refused} / ${baseline.figures.cancels.unanswered} | ${f.cancels.succeeded} / ${f.cancels.refused} / ${f.cancels.unanswered} |`,
  `| attempts that took more than one look-up | ${baseline.figures.lookedUpAgain} | ${f.lookedUpAgain} |`,
  `| faults injected: timeout / lost / network / delayed | ${faults(baseline.figures)} | ${faults(f)} |`,
  `| late approvals refunded | ${baseline.figures.lateApprovalsRefunded} | ${f.lateApprovalsRefunded} |`,
  `| restart after SIGKILL (s) | — | ${f.restartSeconds.map((s) => s.toFixed(1)).join(", ")} |`,
  ...(f.connectionsCut.length > 0
    ? [`| connections the database dropped, each cut | — | ${f.connectionsCut.join(", ")} |`]
    : []),
  `| settled after the traffic stopped (s) | ${baseline.figures.settleSeconds} | ${f.settleSeconds} |`,
  `| reconcile: checked / mismatches / unsettled | ${baseline.figures.reconcile.checked} / ${baseline.figures.reconcile.mismatches} / ${baseline.figures.reconcile.unsettled} | ${f.reconcile.checked} / ${f.reconcile.mismatches} / ${f.reconcile.unsettled} |`,
  `| invariant violations | ${baseline.violations.length} | ${chaos.violations.length} |`,
  "",
].join("\n");

const doc = path.join(import.meta.dirname, "../docs/chaos.md");
const header = readFileSync(doc, "utf8").split("\n## ")[0]!.trimEnd();
const sections = new Map<string, string>();
for (const part of (existsSync(doc) ? readFileSync(doc, "utf8") : "").split("\n## ").slice(1))
  sections.set(part.split("\n")[0]!, `## ${part.trimEnd()}\n`);
sections.set(f.database, section);
writeFileSync(doc, `${header}\n\n${[...sections.values()].join("\n")}`);

const violations = [...baseline.violations, ...chaos.violations];
if (violations.length > 0) {
  console.error(violations.join("\n"));
  process.exitCode = 1;
}
process.exit();
