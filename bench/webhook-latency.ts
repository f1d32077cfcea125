/**
 * Webhook first-attempt latency after commit: the production app pays BENCH_RATE
 * payments a second (default 100) for BENCH_SECONDS (10) into a store whose webhook URL is a local
 * receiver; for each payment, the time from its 200 answer (the outcome and the event are
 * committed by then) to the receiver getting the first attempt. p50/p95/p99/max and how many never
 * arrived within 30 s. The app runs as deployed (in-app worker, default WORKER_POLL_MS). Needs
 * `npx next build`. DATABASE_URL picks the database (default: a throwaway SQLite file).
 * Also prints the app's CPU per payment (BENCH_WEBHOOK=off: the same payments into a store without
 * a webhook address, no jobs) and where the deliveries waited, stage by stage.
 * BENCH_WORKER=process: the app runs no worker (WORKER_IN_APP=false) and one worker process
 * (scripts/worker.ts, as `npm run worker`) runs the jobs, as a PostgreSQL deployment would; its CPU is
 * printed apart. On PostgreSQL, PG_TEMP_DIR (scripts/pg-temp.sh) adds the database's CPU, and the run
 * samples every 500 ms (BENCH_SAMPLE_MS) the app's pool (callers waiting for a connection, /metrics) and
 * pg_stat_activity (backends active, idle in transaction, waiting on a lock).
 * BENCH_PROFILE=1: the app runs under `node --cpu-prof`; after the run, its CPU in the paced window
 * by area of our code × what ran (bench/lib/profile-attribution.ts), per payment. On PostgreSQL,
 * PG_TEMP_OPTIONS loading pg_stat_statements (see bench/all.sh) adds the statements per payment.
 */
import { createServer } from "node:http";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuSeconds } from "./lib/process-cpu";
import { benchMerchant, startApp, startProcess, stopAll, waitFor } from "./lib/servers";
import { cardPayment } from "./lib/test-card";
import { startSampling } from "./lib/webhook-sampling";

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4930);
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-webhook-"));
const databaseUrl = process.env.DATABASE_URL ?? `file:${dir}/app.db`;
const separateWorker = process.env.BENCH_WORKER === "process";
const pgDataDir = process.env.PG_TEMP_DIR ? path.join(process.env.PG_TEMP_DIR, "data") : undefined;
const METRICS_TOKEN = "bench-webhook-metrics";
const profiles = process.env.BENCH_PROFILE ? path.join(dir, "profiles") : undefined;

const arrived = new Map<string, number>();
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    try {
      const id = (JSON.parse(body) as { payment_id: string }).payment_id;
      if (!arrived.has(id)) arrived.set(id, performance.timeOrigin + performance.now());
    } catch {}
    res.writeHead(200).end("ok");
  });
});
await new Promise<void>((r) => receiver.listen(PORT + 1, "127.0.0.1", r));

async function main() {
  const env = {
    WEBHOOK_ALLOW_PRIVATE: "true",
    METRICS_TOKEN,
    ...(separateWorker ? { WORKER_IN_APP: "false" } : {}),
  };
  const spawnedAt = performance.now();
  const app = profiles ? await startProfiledApp(profiles, env) : await startApp(dir, PORT, databaseUrl, env);
  const worker = separateWorker
    ? startProcess(
        dir,
        ["npx", "tsx", "scripts/worker.ts"],
        { DATA_DIR: dir, DATABASE_URL: databaseUrl, ...env },
        "worker",
      )
    : undefined;
  const base = `http://127.0.0.1:${PORT}`;
  const m = await benchMerchant(dir, databaseUrl, base);
  const { setStoreWebhook } = await import("./lib/store-webhook");
  // BENCH_WEBHOOK=off: the same payments with no webhook address (no jobs), to price the webhook's share.
  if (process.env.BENCH_WEBHOOK !== "off")
    await setStoreWebhook(databaseUrl, dir, m.store_id, `http://127.0.0.1:${PORT + 1}/hook`);
  const body = JSON.stringify(cardPayment(m.channelKey));
  const committed = new Map<string, number>();
  const answered: number[] = [];
  let failed = 0;
  const pay = async (id: string) => {
    const sent = performance.now();
    const res = await fetch(`${base}/v2/payments/${id}/instant/pay`, {
      method: "POST",
      headers: { authorization: `Bearer ${m.accessToken}` },
      body,
    });
    await res.arrayBuffer();
    answered.push(performance.now() - sent);
    if (res.status === 200) committed.set(id, performance.timeOrigin + performance.now());
    else failed++;
  };
  // Warm-up, then a steady rate: one request every 1000/RATE ms, not waiting for answers.
  for (let i = 0; i < 20; i++) await pay(`warm-${i}`);
  const inFlight: Promise<void>[] = [];
  const cpu = () => ({
    app: cpuSeconds(app.pid!, pgDataDir),
    worker: worker ? cpuSeconds(worker.pid!).server : 0,
  });
  if (profiles && pgDataDir) resetPgStatements();
  const cpuBefore = cpu();
  // Every 500 ms (BENCH_SAMPLE_MS): each sample is a /metrics scrape
  // the app serves (a request, the registry rendered, database gauges read): at every 100 ms its
  // "metrics" area alone was 0.13 ms of app CPU per payment in a profile at 100 payments/s.
  const sampling = startSampling(base, METRICS_TOKEN, databaseUrl, Number(process.env.BENCH_SAMPLE_MS ?? 500));
  const started = performance.now();
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(pay(`wh-${i}`));
  }
  await Promise.all(inFlight);
  const paced = performance.now();
  const deadline = Date.now() + 30_000;
  while (
    process.env.BENCH_WEBHOOK !== "off" &&
    Date.now() < deadline &&
    [...committed.keys()].some((id) => !arrived.has(id))
  )
    await new Promise((r) => setTimeout(r, 200));
  // CPU from the first paced payment until every webhook arrived (or the wait ran out).
  const cpuAfter = cpu();
  const samples = await sampling.stop();
  const perPayment = (seconds: number) => ((seconds * 1000) / (RATE * SECONDS)).toFixed(2);
  const latencies = [...committed]
    .filter(([id]) => arrived.has(id))
    .map(([id, at]) => Math.max(0, arrived.get(id)! - at))
    .sort((a, b) => a - b);
  const p = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(0) ?? "-";
  console.log(
    `\n${databaseUrl.startsWith("postgres") ? "PostgreSQL" : "SQLite"} · ${separateWorker ? "worker in its own process" : "worker in the app"} · ${RATE} payments/s for ${SECONDS} s (${committed.size} paid, ${failed} refused)\n`,
  );
  console.log(
    "| first attempt after commit | p50 ms | p95 ms | p99 ms | max ms | never arrived |\n|---|---|---|---|---|---|",
  );
  console.log(`| webhook | ${p(0.5)} | ${p(0.95)} | ${p(0.99)} | ${p(1)} | ${committed.size - latencies.length} |`);
  console.log(
    `\nCPU per payment with its webhook: app ${perPayment(cpuAfter.app.server - cpuBefore.app.server)} ms` +
      (worker ? `, worker process ${perPayment(cpuAfter.worker - cpuBefore.worker)} ms` : "") +
      (pgDataDir ? `, PostgreSQL ${perPayment(cpuAfter.app.postgres - cpuBefore.app.postgres)} ms` : "") +
      ` (load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
  console.log(samples);
  if (process.env.BENCH_WEBHOOK !== "off") await profile(m.merchant_id, committed, answered);
  else console.log(`payment answer time p50 ${pct(answered, 0.5)} ms, p99 ${pct(answered, 0.99)} ms`);
  if (profiles) {
    console.log(pgStatements(RATE * SECONDS) ?? "");
    const appCpuMs = (cpuAfter.app.server - cpuBefore.app.server) * 1000;
    process.kill(-app.pid!, "SIGTERM");
    await new Promise((r) => app.once("exit", r));
    await new Promise((r) => setTimeout(r, 1000));
    await cpuProfile(profiles, { from: started - spawnedAt, to: paced - spawnedAt }, appCpuMs);
  }
}

/** The app under `node --cpu-prof` (refused in NODE_OPTIONS: node itself with tsx as its loader). */
async function startProfiledApp(profileDir: string, env: Record<string, string>) {
  const child = startProcess(
    dir,
    ["node", "--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--import", "tsx", "scripts/start.ts"],
    { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dir, DATABASE_URL: databaseUrl, SEED_DEMO: "false", ...env },
    "app",
  );
  await waitFor(`http://127.0.0.1:${PORT}/openapi.json`);
  return child;
}

/** The app's CPU while payments were paced (ms since the spawn), per payment, by area × what ran. */
async function cpuProfile(profileDir: string, window: { from: number; to: number }, appCpuMs: number) {
  const { largestProfile, topFrames } = await import("./lib/profile-summary");
  const { attribute, attributionTables } = await import("./lib/profile-attribution");
  const prof = largestProfile(profileDir);
  if (!prof) return console.log("(no CPU profile written)");
  const from = (window.from + 300) * 1000;
  const to = (window.to - 300) * 1000;
  const payments = RATE * ((to - from) / 1e6);
  const { busy } = attribute(prof, from, to);
  console.log(
    `\nApp CPU while paced (profiled main thread ${(busy / 1000).toFixed(0)} ms over ${((to - from) / 1e6).toFixed(1)} s; /proc ${appCpuMs.toFixed(0)} ms for the whole run), per payment by area of our code and what ran:\n\n${attributionTables(prof, from, to, payments)}`,
  );
  console.log(
    `\nTop frames (whole profile):\n\n| function | where | owner | share of busy CPU |\n|---|---|---|---|\n${topFrames(profileDir, 25)}`,
  );
}

function resetPgStatements() {
  try {
    execFileSync(
      "psql",
      [
        databaseUrl,
        "-XAtq",
        "-c",
        "create extension if not exists pg_stat_statements; select pg_stat_statements_reset()",
      ],
      { stdio: "ignore" },
    );
  } catch {}
}

/** pg_stat_statements per payment (calls, plans, time), when the cluster preloads it. */
function pgStatements(payments: number): string | undefined {
  if (!pgDataDir) return undefined;
  try {
    const rows = execFileSync(
      "psql",
      [
        databaseUrl,
        "-XAtq",
        "-F",
        " | ",
        "-c",
        `select round(calls::numeric / ${payments}, 2), plans, calls, round(total_exec_time::numeric, 1), round(total_plan_time::numeric, 1), regexp_replace(left(query, 110), '[[:space:]]+', ' ', 'g') from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time + total_plan_time desc limit 25`,
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    );
    return `\n| calls per payment | plans | calls | exec ms | plan ms | statement |\n|---|---|---|---|---|---|\n${rows
      .trim()
      .split("\n")
      .map((r) => `| ${r} |`)
      .join("\n")}`;
  } catch {
    return undefined;
  }
}

function pct(values: number[], f: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))]?.toFixed(0) ?? "-";
}

/**
 * Where a delivery waited, from the rows the run left (ids are time-ordered, so a delivery's id
 * says when its fan-out ran): commit → fan-out (the event job's wait for a claim), fan-out → first
 * attempt (the delivery job's wait), attempt → receiver (the request itself). Also the payments'
 * own answer times: if they grow, the app is saturated and every queue behind it waits.
 */
async function profile(merchantId: string, committed: Map<string, number>, answered: number[]) {
  const { getDb, closeDb } = await import("@/lib/db/client");
  const { idTime } = await import("@/lib/ids");
  const rows = await getDb()
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_attempts as a", (j) => j.onRef("a.delivery_id", "=", "d.id").on("a.execution", "=", 1))
    .select(["d.id", "d.payment_id", "a.requested_at"])
    .where("d.merchant_id", "=", merchantId)
    .where("d.payment_id", "like", "wh-%")
    .execute();
  await closeDb();
  const stages: Record<string, number[]> = {
    "commit → fan-out ran": [],
    "fan-out → first attempt": [],
    "attempt → received": [],
  };
  for (const row of rows) {
    const at = committed.get(row.payment_id!);
    const got = arrived.get(row.payment_id!);
    if (at === undefined || got === undefined) continue;
    const fannedOut = idTime(row.id);
    stages["commit → fan-out ran"]!.push(fannedOut - at);
    stages["fan-out → first attempt"]!.push(Number(row.requested_at) - fannedOut);
    stages["attempt → received"]!.push(got - Number(row.requested_at));
  }
  stages["payment request (answer time)"] = answered;
  console.log("\n| stage | p50 ms | p99 ms | max ms |\n|---|---|---|---|");
  for (const [stage, values] of Object.entries(stages))
    console.log(`| ${stage} | ${pct(values, 0.5)} | ${pct(values, 0.99)} | ${pct(values, 1)} |`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    receiver.close();
    stopAll();
    process.exit();
  });
