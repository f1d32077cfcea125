/**
 * Read and write ratios against bare Next.js routes: the production build of the app
 * and bench/baseline-app (bare route handlers) served side by side on the same machine, driven by
 * wrk in alternating rounds (bare, app, bare, app…), medians of BENCH_ROUNDS (3) rounds of
 * BENCH_SECONDS (5) each at BENCH_CONNECTIONS (10). Needs `npx next build` and
 * `npx next build bench/baseline-app` first, and wrk (apt-get install wrk). The database is
 * DATABASE_URL (a throwaway one: bench/all.sh). Prints a markdown table.
 *
 * Pairs:  GET /v2/payments/{id} (Bearer)  vs  GET /bare/read (HMAC check + two cached indexed reads)
 *         POST /v2/payments/{id}/instant/pay  vs  POST /bare/write (JSON body + one durable insert)
 *         POST /v2/payments/{id}/instant/pay  vs  POST /bare/pay (the attempt committed, an in-process
 *           stub provider, then the settlement and an outbox row committed: two durable commits)
 *         GET /bare/json is shown as Next's own ceiling.
 * BENCH_PAIRS=features prices each feature on the read and the write: an instance with everything
 * on (request log, access log, metrics with METRICS_TOKEN, audit, an Idempotency-Key on every
 * payment) against instances with one feature off each (REQUEST_LOG=false, ACCESS_LOG=false,
 * no METRICS_TOKEN, BENCH_NO_AUDIT=true; idempotency: the same instance, payments without the
 * header), all in the same alternating rounds.
 *
 * BENCH_BEFORE=<another checkout, built>: that checkout's app is served too, on the same database,
 * and measured in the same rounds (bare, this app, that app; the two apps' order alternating by
 * round): a change's ratio before and after from one run, under the same load.
 * BENCH_BEFORE_ENV="NAME=value …": settings for that second app (alone: this checkout again with
 * those settings, e.g. "REQUEST_LOG=false" prices the request log).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuSeconds } from "./lib/process-cpu";
import { benchMerchant, startProcess, stopAll, waitFor } from "./lib/servers";
import { cardPayment } from "./lib/test-card";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The warm-up run of each server and pair (route compilation, JIT): not measured, so shorter. */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 2);
/** The length of the wrk runs being made now (warm-up or measurement). */
let seconds = SECONDS;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const APP_PORT = Number(process.env.BENCH_PORT ?? 4910);
/** BENCH_PAIRS: which pairs to measure (default: "ceiling read write pay log"; "features" on request). */
const PAIRS = (process.env.BENCH_PAIRS ?? "ceiling read write pay log").split(/[ ,]+/);
/** BENCH_PROFILE: "read" and/or "write" ("1" = read): a CPU profile of a fresh app process serving it, after the pairs. */
const PROFILES = (process.env.BENCH_PROFILE === "1" ? "read" : (process.env.BENCH_PROFILE ?? ""))
  .split(/[ ,]+/)
  .filter((k) => k === "read" || k === "write");
const BARE_PORT = APP_PORT + 1;
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-http-"));
const databaseUrl = process.env.DATABASE_URL ?? `file:${dir}/app.db`;
const bareDatabaseUrl = databaseUrl.startsWith("postgres") ? databaseUrl : `file:${dir}/bare.db`;
const start = (command: string[], env: Record<string, string>, log: string, cwd?: string) =>
  startProcess(dir, command, env, log, cwd);
/** A second checkout whose app is measured beside this one (see the header). */
const BEFORE_ENV = Object.fromEntries(
  (process.env.BENCH_BEFORE_ENV ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
);
const BEFORE = process.env.BENCH_BEFORE ?? (process.env.BENCH_BEFORE_ENV ? process.cwd() : undefined);
const BEFORE_PORT = APP_PORT + 5;
/** BENCH_FEATURE_PORT: the first of the five feature instances' ports (default BENCH_PORT + 10). */
const FEATURE_PORT = Number(process.env.BENCH_FEATURE_PORT ?? APP_PORT + 10);

/** `cpuUs`: CPU µs per request of the server serving it and of the PostgreSQL backends (see withCpu). */
type Run = { rps: number; p50: number; p99: number; errors: number; cpuUs?: { server: number; postgres: number } };

/** PostgreSQL's data directory (bench/all.sh exports pg-temp's PG_TEMP_DIR): its backends' CPU is counted too. */
const pgDataDir =
  databaseUrl.startsWith("postgres") && process.env.PG_TEMP_DIR ? `${process.env.PG_TEMP_DIR}/data` : undefined;

/** Runs wrk against a server (its process group) and adds the CPU it and PostgreSQL spent per request. */
function withCpu(pgid: number, run: () => Run): Run {
  const before = cpuSeconds(pgid, pgDataDir);
  const result = run();
  const after = cpuSeconds(pgid, pgDataDir);
  const requests = result.rps * seconds;
  const perRequest = (a: number, b: number) => ((b - a) * 1e6) / requests;
  return {
    ...result,
    cpuUs: { server: perRequest(before.server, after.server), postgres: perRequest(before.postgres, after.postgres) },
  };
}

function wrk(url: string, script: string): Run {
  const file = path.join(dir, `s${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, script);
  const out = execFileSync("wrk", ["-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "-s", file, url], {
    encoding: "utf8",
  });
  const ms = (label: string) => {
    const m = out.match(new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`));
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v;
  };
  const errors =
    Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) +
    Number(
      out
        .match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)
        ?.slice(1)
        .reduce((a, b) => a + Number(b), 0) ?? 0,
    );
  return { rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)![1]), p50: ms("50"), p99: ms("99"), errors };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lua = (lines: string[]) => lines.join("\n");

async function main() {
  // The app as deployed: access log on (info), in-app worker on. A second instance without the
  // access log (LOG_LEVEL=warn) prices the request log.
  const appPid = start(
    ["npx", "tsx", "scripts/start.ts"],
    { PORT: String(APP_PORT), HOST: "127.0.0.1", DATA_DIR: dir, DATABASE_URL: databaseUrl, SEED_DEMO: "false" },
    "app",
  ).pid!;
  const barePid = start(
    ["npx", "next", "start", "bench/baseline-app", "-p", String(BARE_PORT), "-H", "127.0.0.1"],
    { BARE_DATABASE_URL: bareDatabaseUrl },
    "bare",
  ).pid!;
  const app = `http://127.0.0.1:${APP_PORT}`;
  const bare = `http://127.0.0.1:${BARE_PORT}`;
  await waitFor(`${app}/openapi.json`);
  // Started once the first has migrated the database: two processes migrating one SQLite file at
  // once race (Kysely takes no migration lock on SQLite; one died on "table already exists").
  // Only when its pair is measured.
  if (PAIRS.includes("log"))
    start(
      ["npx", "tsx", "scripts/start.ts"],
      {
        PORT: String(APP_PORT + 2),
        HOST: "127.0.0.1",
        DATA_DIR: dir,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
      },
      "quiet",
    );
  await waitFor(`${bare}/bare/json`);
  const beforePid = BEFORE
    ? start(
        ["npx", "tsx", "scripts/start.ts"],
        {
          PORT: String(BEFORE_PORT),
          HOST: "127.0.0.1",
          DATA_DIR: dir,
          DATABASE_URL: databaseUrl,
          SEED_DEMO: "false",
          ...BEFORE_ENV,
        },
        "before",
        BEFORE,
      ).pid!
    : 0;
  const before = `http://127.0.0.1:${BEFORE_PORT}`;
  if (BEFORE) await waitFor(`${before}/openapi.json`);
  const quiet = `http://127.0.0.1:${APP_PORT + 2}`;
  if (PAIRS.includes("log")) await waitFor(`${quiet}/openapi.json`);
  const featureApps = PAIRS.includes("features") ? await startFeatureApps() : [];

  const login = await benchMerchant(dir, databaseUrl, app);
  const payBody = JSON.stringify(cardPayment(login.channelKey));
  const paid = await fetch(`${app}/v2/payments/bench-read/instant/pay`, {
    method: "POST",
    headers: { authorization: `Bearer ${login.accessToken}` },
    body: payBody,
  });
  if (paid.status !== 200) throw new Error(`could not pay: ${paid.status} ${await paid.text()}`);
  const bareToken = ((await (await fetch(`${bare}/bare/read`)).json()) as { token: string }).token;
  await fetch(`${bare}/bare/write`, {
    method: "POST",
    headers: { authorization: `Bearer ${bareToken}` },
    body: payBody,
  });

  const read = (token: string) => lua([`wrk.headers["authorization"] = "Bearer ${token}"`]);
  const write = (token: string, pathOf: string) =>
    lua([
      `wrk.method = "POST"`,
      `wrk.body = ${JSON.stringify(payBody)}`,
      `wrk.headers["content-type"] = "application/json"`,
      `wrk.headers["authorization"] = "Bearer ${token}"`,
      // Unique per run (nonce from here) and per wrk thread (setup numbers them): every request a new payment.
      `local threads = 0`,
      `function setup(thread) threads = threads + 1; thread:set("tid", threads) end`,
      `local n = 0`,
      `local id = "${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}"`,
      `request = function() n = n + 1; return wrk.format(nil, ${pathOf}) end`,
    ]);
  /** `before`: the same request to BENCH_BEFORE's app. */
  type Pair = { key: string; name: string; bare: () => Run; app: (() => Run) | null; before?: () => Run };
  const writeScript = () =>
    write(login.accessToken, `"/v2/payments/bench-" .. id .. "-" .. tostring(tid) .. "-" .. n .. "/instant/pay"`);
  const allPairs: Pair[] = [
    { key: "ceiling", name: "Next's ceiling: GET /bare/json", bare: () => wrk(`${bare}/bare/json`, ""), app: null },
    {
      key: "read",
      name: "GET /v2/payments/{id} vs bare authenticated read",
      bare: () => withCpu(barePid, () => wrk(`${bare}/bare/read?id=row-1`, read(bareToken))),
      app: () => withCpu(appPid, () => wrk(`${app}/v2/payments/bench-read`, read(login.accessToken))),
      before: BEFORE
        ? () => withCpu(beforePid, () => wrk(`${before}/v2/payments/bench-read`, read(login.accessToken)))
        : undefined,
    },
    {
      key: "write",
      name: "POST …/instant/pay vs bare durable insert",
      bare: () => withCpu(barePid, () => wrk(bare, write(bareToken, `"/bare/write"`))),
      app: () => withCpu(appPid, () => wrk(app, writeScript())),
    },
    {
      key: "log",
      name: "request log: GET /v2/payments/{id} with the access log vs without",
      bare: () => wrk(`${quiet}/v2/payments/bench-read`, read(login.accessToken)),
      app: () => wrk(`${app}/v2/payments/bench-read`, read(login.accessToken)),
    },
  ];
  allPairs.splice(3, 0, {
    key: "pay",
    name: "POST …/instant/pay vs bare payment (two durable commits)",
    bare: () =>
      withCpu(barePid, () =>
        wrk(bare, write(bareToken, `"/bare/pay?id=bare-" .. id .. "-" .. tostring(tid) .. "-" .. n`)),
      ),
    app: () => withCpu(appPid, () => wrk(app, writeScript())),
    before: BEFORE ? () => withCpu(beforePid, () => wrk(before, writeScript())) : undefined,
  });
  const pairs = allPairs.filter((p) => PAIRS.includes(p.key));
  // Warm both servers (route compilation, JIT) before measuring.
  seconds = WARM_SECONDS;
  for (const pair of pairs) {
    pair.bare();
    pair.app?.();
    pair.before?.();
  }
  seconds = SECONDS;
  const rows: string[] = [];
  const cpuLines: string[] = [];
  for (const pair of pairs) {
    const b: Run[] = [];
    const a: Run[] = [];
    const c: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      b.push(pair.bare());
      const apps = [() => pair.app && a.push(pair.app()), () => pair.before && c.push(pair.before())];
      for (const run of round % 2 === 0 ? apps : apps.reverse()) run();
    }
    const bRps = median(b.map((r) => r.rps));
    const rowOf = (name: string, runs: Run[]) => {
      const line = [`| ${name}`, bRps.toFixed(0), median(b.map((r) => r.p99)).toFixed(1)];
      if (runs.length) {
        const aRps = median(runs.map((r) => r.rps));
        line.push(
          aRps.toFixed(0),
          median(runs.map((r) => r.p50)).toFixed(1),
          median(runs.map((r) => r.p99)).toFixed(1),
          `**${(aRps / bRps).toFixed(2)}**`,
          String(runs.reduce((s, r) => s + r.errors, 0)),
        );
      } else line.push("", "", "", "", "");
      return `${line.join(" | ")} |`;
    };
    rows.push(rowOf(pair.name, a));
    if (c.length) rows.push(rowOf(`${pair.name} — before (${BEFORE} ${process.env.BENCH_BEFORE_ENV ?? ""})`, c));
    const cpu = (runs: Run[]) => {
      const measured = runs.filter((r) => r.cpuUs);
      if (measured.length === 0) return "";
      const server = median(measured.map((r) => r.cpuUs!.server));
      const postgres = median(measured.map((r) => r.cpuUs!.postgres));
      return `server ${server.toFixed(0)} µs${pgDataDir ? ` + PostgreSQL ${postgres.toFixed(0)} µs` : ""}`;
    };
    if (b.some((r) => r.cpuUs))
      cpuLines.push(
        `- ${pair.name}: CPU per request, bare ${cpu(b)}; app ${cpu(a)}${c.length ? `; before ${cpu(c)}` : ""}`,
      );
  }
  console.log(
    `\n${databaseUrl.startsWith("postgres") ? "PostgreSQL" : "SQLite"} · ${CONNECTIONS} connections · ${ROUNDS} alternating rounds of ${SECONDS} s, medians\n`,
  );
  console.log(
    "| pair | bare req/s | bare p99 ms | app req/s | app p50 ms | app p99 ms | ratio | app errors |\n|---|---|---|---|---|---|---|---|",
  );
  console.log(rows.join("\n"));
  if (cpuLines.length) console.log(`\n${cpuLines.join("\n")} (medians of the rounds; /proc utime+stime)`);
  if (featureApps.length) priceFeatures(featureApps, login.accessToken, payBody);
  for (const kind of PROFILES) {
    if (kind === "read") {
      await profile("read", "/v2/payments/bench-read", read(login.accessToken));
      await profile("read", "/bare/read?id=row-1", read(bareToken), "bare");
    } else await profile("write", "", writeScript());
  }
  stopAll();
  process.exit(0);
}

type FeatureApp = { feature: string; url: string; pid: number };

/** FEATURES: what each instance turns off (the first, "all on", is the reference). */
const FEATURES: { feature: string; env: Record<string, string> }[] = [
  { feature: "all on", env: {} },
  { feature: "request log", env: { REQUEST_LOG: "false" } },
  { feature: "access log", env: { ACCESS_LOG: "false" } },
  { feature: "metrics", env: { METRICS_TOKEN: "" } },
  { feature: "audit", env: { BENCH_NO_AUDIT: "true" } },
];

/** One app instance per entry of FEATURES, on the same database; resolves once all answer. */
async function startFeatureApps(): Promise<FeatureApp[]> {
  const apps = FEATURES.map(({ feature, env }, i) => {
    const port = FEATURE_PORT + i;
    const child = start(
      ["npx", "tsx", "scripts/start.ts"],
      {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dir,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: "false",
        METRICS_TOKEN: "bench-metrics",
        ...env,
      },
      `feature-${i}`,
    );
    return { feature, url: `http://127.0.0.1:${port}`, pid: child.pid! };
  });
  for (const app of apps) await waitFor(`${app.url}/openapi.json`);
  return apps;
}

/**
 * The cost of each feature on the read and the payment: the "all on" instance against the one
 * without it (idempotency: payments without an Idempotency-Key on the "all on" instance), in
 * alternating rounds (the order of the runs reversed every other round). Prints a markdown table.
 */
function priceFeatures(apps: FeatureApp[], token: string, payBody: string) {
  const readScript = `wrk.headers["authorization"] = "Bearer ${token}"`;
  const payScript = (idempotent: boolean) =>
    [
      `wrk.method = "POST"`,
      `wrk.body = ${JSON.stringify(payBody)}`,
      `wrk.headers["content-type"] = "application/json"`,
      `wrk.headers["authorization"] = "Bearer ${token}"`,
      `local threads = 0`,
      `function setup(thread) threads = threads + 1; thread:set("tid", threads) end`,
      `local n = 0`,
      `local id = "${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}"`,
      `request = function()`,
      `  n = n + 1`,
      `  local pid = "feat-" .. id .. "-" .. tostring(tid) .. "-" .. n`,
      idempotent
        ? // wrk.format's headers replace wrk.headers: all of them again, with the key.
          `  return wrk.format(nil, "/v2/payments/" .. pid .. "/instant/pay", { ["authorization"] = "Bearer ${token}", ["content-type"] = "application/json", ["idempotency-key"] = pid })`
        : `  return wrk.format(nil, "/v2/payments/" .. pid .. "/instant/pay")`,
      `end`,
    ].join("\n");
  const [all, ...without] = apps;
  type Runner = { label: string; kind: "read" | "pay"; run: () => Run };
  const runners: Runner[] = [
    {
      label: "all on",
      kind: "read",
      run: () => withCpu(all!.pid, () => wrk(`${all!.url}/v2/payments/bench-read`, readScript)),
    },
    { label: "all on", kind: "pay", run: () => withCpu(all!.pid, () => wrk(all!.url, payScript(true))) },
    ...without.flatMap((a) => [
      {
        label: a.feature,
        kind: "read" as const,
        run: () => withCpu(a.pid, () => wrk(`${a.url}/v2/payments/bench-read`, readScript)),
      },
      { label: a.feature, kind: "pay" as const, run: () => withCpu(a.pid, () => wrk(a.url, payScript(true))) },
    ]),
    { label: "idempotency", kind: "pay", run: () => withCpu(all!.pid, () => wrk(all!.url, payScript(false))) },
  ];
  seconds = WARM_SECONDS;
  for (const r of runners) r.run();
  seconds = SECONDS;
  const results = new Map<string, Run[]>(runners.map((r) => [`${r.label}/${r.kind}`, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? runners : [...runners].reverse();
    for (const r of order) results.get(`${r.label}/${r.kind}`)!.push(r.run());
  }
  const rps = (label: string, kind: string) => {
    const runs = results.get(`${label}/${kind}`);
    return runs?.length ? median(runs.map((r) => r.rps)) : NaN;
  };
  /** CPU µs per request of the server (and PostgreSQL's backends), median of the rounds. */
  const cpu = (label: string, kind: string) => {
    const runs = results.get(`${label}/${kind}`) ?? [];
    return runs.length ? median(runs.map((r) => r.cpuUs!.server + r.cpuUs!.postgres)) : NaN;
  };
  const cell = (label: string, kind: "read" | "pay") => {
    const off = rps(label, kind);
    if (Number.isNaN(off)) return "– | – | – | –";
    const on = rps("all on", kind);
    const cpuOff = cpu(label, kind);
    const cpuOn = cpu("all on", kind);
    return `${off.toFixed(0)} | ${((1 - on / off) * 100).toFixed(1)}% | ${cpuOff.toFixed(0)} µs | **${(((cpuOn - cpuOff) / cpuOn) * 100).toFixed(1)}%**`;
  };
  console.log(
    `\nFeature prices (${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, medians): all on — read ${rps("all on", "read").toFixed(0)} req/s (p99 ${median(results.get("all on/read")!.map((r) => r.p99)).toFixed(1)} ms), payment ${rps("all on", "pay").toFixed(0)} req/s; CPU per request all on: read ${cpu("all on", "read").toFixed(0)} µs, payment ${cpu("all on", "pay").toFixed(0)} µs (server${pgDataDir ? " + PostgreSQL" : ""}). Throughput cost = 1 − all on ÷ without it; CPU cost = the CPU per request it adds, as a share of all on's\n`,
  );
  console.log(
    "| without | read req/s | read cost (req/s) | read CPU | read cost (CPU) | payment req/s | payment cost (req/s) | payment CPU | payment cost (CPU) |\n|---|---|---|---|---|---|---|---|---|",
  );
  for (const label of [...without.map((a) => a.feature), "idempotency"])
    console.log(`| ${label} | ${cell(label, "read")} | ${cell(label, "pay")} |`);
}

/**
 * A CPU profile of a fresh app (or, `server` "bare", baseline-app) process serving the read or the write for BENCH_PROFILE_SECONDS
 * (default twice BENCH_SECONDS), after a warm-up run: self time by owner, the top frames, and
 * (profile-attribution.ts) µs per request by area of our code × kind of work over the measured
 * window only (start-up and warm-up left out), scaled to the server's CPU per request from /proc
 * in the same window. On PostgreSQL with pg_stat_statements loaded (PG_TEMP_OPTIONS, see
 * bench/all.sh), the statements per request with their execution and planning time.
 */
async function profile(kind: "read" | "write", pathOf: string, script: string, server: "app" | "bare" = "app") {
  const profiles = path.join(dir, `profiles-${kind}${server === "bare" ? "-bare" : ""}`);
  const port = APP_PORT + 3 + (kind === "write" ? 1 : 0);
  // --cpu-prof is refused in NODE_OPTIONS: run node itself (with tsx as its loader for the app).
  const spawnedAt = performance.now();
  const child =
    server === "bare"
      ? start(
          [
            "node",
            "--cpu-prof",
            `--cpu-prof-dir=${profiles}`,
            "node_modules/next/dist/bin/next",
            "start",
            "bench/baseline-app",
            "-p",
            String(port),
            "-H",
            "127.0.0.1",
          ],
          { BARE_DATABASE_URL: bareDatabaseUrl },
          `profiled-${kind}-bare`,
        )
      : start(
          ["node", "--cpu-prof", `--cpu-prof-dir=${profiles}`, "--import", "tsx", "scripts/start.ts"],
          { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, DATABASE_URL: databaseUrl, SEED_DEMO: "false" },
          `profiled-${kind}`,
        );
  const url = `http://127.0.0.1:${port}${pathOf}`;
  await waitFor(`http://127.0.0.1:${port}${server === "bare" ? "/bare/json" : "/openapi.json"}`);
  seconds = WARM_SECONDS;
  wrk(url, script); // warm-up
  seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? SECONDS * 2);
  await pgStatements("reset");
  const from = performance.now();
  const run = withCpu(child.pid!, () => wrk(url, script));
  const to = performance.now();
  const statements = await pgStatements("read", run.rps * seconds);
  if (statements) console.log(`\n${statements}`);
  process.kill(-child.pid!, "SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await new Promise((r) => setTimeout(r, 1000));
  const { summariseProfile, topFrames, largestProfile } = await import("./lib/profile-summary");
  const { attributionTables } = await import("./lib/profile-attribution");
  const label =
    server === "bare"
      ? "the bare route: GET /bare/read"
      : kind === "read"
        ? "GET /v2/payments/{id}"
        : "POST …/instant/pay";
  console.log(
    `\nCPU of ${server === "bare" ? "baseline-app" : "the app"} serving ${label} (${run.rps.toFixed(0)} req/s while profiled; /proc: server ${run.cpuUs!.server.toFixed(0)} µs per request), self time by owner:\n\n| owner | share of busy CPU |\n|---|---|\n${summariseProfile(profiles)}`,
  );
  console.log(
    `\nTop frames by self time:\n\n| function | where | owner | share of busy CPU |\n|---|---|---|---|\n${topFrames(profiles, 25)}`,
  );
  console.log(
    `\n(profile: ${profiles}; window: ${((from - spawnedAt) / 1000).toFixed(1)}–${((to - spawnedAt) / 1000).toFixed(1)} s after the spawn)`,
  );
  const prof = largestProfile(profiles);
  if (prof) {
    // The profile's clock starts with the process (within a few ms of the spawn): the measured
    // window, trimmed by 0.3 s each side, in µs since the profile's start.
    const window = { from: (from - spawnedAt + 300) * 1000, to: (to - spawnedAt - 300) * 1000 };
    const requests = run.rps * ((window.to - window.from) / 1e6);
    const { busy } = (await import("./lib/profile-attribution")).attribute(prof, window.from, window.to);
    // Scaled to /proc's CPU per request (the profiled main thread misses GC helper threads, libuv's pool).
    const scale = (run.cpuUs!.server * requests) / busy;
    console.log(
      `\nCPU per ${kind === "read" ? "read" : "payment"} by area of our code (the nearest frame of ours on the stack) and what ran inside it, scaled to /proc's ${run.cpuUs!.server.toFixed(0)} µs (profiled main thread ×${scale.toFixed(2)}):\n\n${attributionTables(prof, window.from, window.to, requests, scale)}`,
    );
  }
}

/** pg_stat_statements, when loaded: "reset" before the profiled run, "read" after (per request). */
async function pgStatements(step: "reset" | "read", requests = 1): Promise<string | undefined> {
  if (!pgDataDir) return undefined;
  const psql = (query: string) =>
    execFileSync("psql", [databaseUrl, "-XAtq", "-F", "\t", "-c", query], { encoding: "utf8" });
  try {
    if (step === "reset") {
      psql("create extension if not exists pg_stat_statements; select pg_stat_statements_reset()");
      return undefined;
    }
    const rows = psql(
      `select calls, round((total_exec_time)::numeric, 3), round(total_plan_time::numeric, 3), plans, rows, regexp_replace(left(query, 140), '[[:space:]]+', ' ', 'g') from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time + total_plan_time desc limit 30`,
    )
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split("\t"));
    const per = (v: string) => (Number(v) / requests).toFixed(2);
    const usPer = (v: string) => ((Number(v) * 1000) / requests).toFixed(0);
    const total = rows.reduce((s, r) => s + Number(r[1]) + Number(r[2]), 0);
    return [
      `PostgreSQL statements per request (pg_stat_statements, track = all: statements inside triggers too; time is the backend's wall time, COMMIT's WAL flush included), ${requests.toFixed(0)} requests, top 30 by time: ${((total * 1000) / requests).toFixed(0)} µs per request in them\n`,
      "| calls per request | exec µs per request | planning µs per request | plans | statement |",
      "|---|---|---|---|---|",
      ...rows.map(
        (r) => `| ${per(r[0]!)} | ${usPer(r[1]!)} | ${usPer(r[2]!)} | ${r[3]} | \`${r[5]!.replaceAll("|", "\\|")}\` |`,
      ),
    ].join("\n");
  } catch (error) {
    return step === "read"
      ? `(pg_stat_statements not available: ${(error as Error).message.split("\n")[0]})`
      : undefined;
  }
}

main().catch((error) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
