import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { getDb } from "@/lib/db/client";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import type { ReconciliationReport } from "@/lib/reconciliation/types";
import type { ServerMerchant } from "../http-server";
import { cardCredential } from "../payments";
import { ChaosClient } from "./client";
import { startCluster, type Cluster } from "./cluster";
import { retryUnanswered, violations, waitSettled } from "./invariants";
import { runLoad, type LoadContext, type LoadLog, type Stream } from "./load";

/**
 * The chaos run (build 9): the production server (and, on PostgreSQL, worker
 * processes) under a steady stream of payments, billing-key payments, due schedules and
 * concurrent partial cancels, with simulated provider latency and faults, while processes are
 * killed with SIGKILL at random moments and restarted. Then: wait until nothing waits on the
 * provider, check the invariants and reconcile with the sandbox provider's ledger.
 * e2e/chaos/chaos.test.ts runs a short one in `npm test`; bench/chaos.ts a longer one.
 */
export type ChaosOptions = {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** Worker processes beside the server (PostgreSQL); 0: the server's in-app worker does the jobs. */
  workers: number;
  loadMs: number;
  /**
   * What the storm must have answered for its figures to mean anything: on a slow or busy machine
   * the load goes on past `loadMs` (up to three times it) until this many payments were answered
   * paid and cancels succeeded.
   */
  atLeast?: { paid: number; cancels: number };
  /** Keeps the load going past its window too (up to three times it), while true: say, until `during` is done. */
  moreNeeded?: () => boolean;
  /** SIGKILLs of the server (and of one worker each time, when there are workers). */
  kills: number;
  /**
   * PostgreSQL only: times the database drops every connection of the server and workers at once
   * (pg_terminate_backend, as a restart or a failover does), at random moments of the window.
   */
  connectionCuts?: number;
  /** Loops per kind of traffic. */
  concurrency: number;
  /** Loops of some kinds of traffic other than `concurrency`. */
  loops?: Partial<Record<Stream, number>>;
  /** How long a client keeps retrying one request with its key. */
  retryForMs: number;
  settleTimeoutMs: number;
  /** Overrides of the sandbox and timing settings below. */
  env?: Record<string, string>;
  /**
   * The key of the payment channel the traffic goes to, once the merchant exists; by default its
   * sandbox Toss Payments TEST channel (e2e/chaos/toss-chaos.test.ts connects a LIVE one to the Toss fake).
   */
  channel?: (merchant: ServerMerchant) => Promise<string | { channel: string; keyIn: string }>;
  /** Runs beside the load from its start (say, a PG's outage for part of the window). */
  during?: (loadMs: number) => Promise<void>;
};

/** Provider latency and faults (lib/providers/sandbox/faults.ts) and timings short enough for a test. */
const CHAOS_ENV: Record<string, string> = {
  SANDBOX_LATENCY_MS: "20-250",
  SANDBOX_FAULTS: "timeout=0.03,lost=0.03,network=0.03,delayed=0.01",
  PROVIDER_TIMEOUT_MS: "1500",
  WORKER_LEASE_MS: "8000",
  WORKER_POLL_MS: "200",
  SWEEP_INTERVAL_MS: "500",
};

export type ChaosFigures = {
  database: string;
  loadSeconds: number;
  serverKills: number;
  workerKills: number;
  /** Seconds from a SIGKILL until the restarted server answered (each kill). */
  restartSeconds: number[];
  /** Connections the database dropped, each cut. */
  connectionsCut: number[];
  requests: number;
  payments: { attempted: number; answeredPaid: number; answeredDeclined: number; unanswered: number };
  schedules: { booked: number; paid: number; failed: number };
  cancels: { attempted: number; succeeded: number; refused: number; unanswered: number };
  /** Attempts whose outcome took more than one look-up at the provider to learn (a timeout, a crash, an outage). */
  lookedUpAgain: number;
  lateApprovalsRefunded: number;
  /** Seconds after the load stopped until nothing waited on the provider. */
  settleSeconds: number;
  retriedUnanswered: number;
  reconcile: { exitCode: number | null; checked: number; mismatches: number; unsettled: number; runs: number };
  /** Faults the sandbox injected in the server and worker processes (their "sandbox fault injected" log lines). */
  faults: { timeout: number; lost: number; network: number; delayed: number };
};

function countFaults(logs: string[]): ChaosFigures["faults"] {
  const faults = { timeout: 0, lost: 0, network: 0, delayed: 0 };
  for (const text of logs)
    for (const match of text.matchAll(/"sandbox_fault":"(timeout|lost|network|delayed)"/g))
      faults[match[1] as keyof typeof faults] += 1;
  return faults;
}

export type ChaosResult = {
  figures: ChaosFigures;
  violations: string[];
  report: ReconciliationReport | null;
  serverLog: () => string;
  storeId: string;
  log: LoadLog;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function issueBillingKeys(client: ChaosClient, channelKey: string, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = {
      channel_key: channelKey,
      payment_method_option: {
        card: {
          card_credential: cardCredential(SANDBOX_CARDS.VISA_OK),
        },
      },
    };
    const outcome = await client.write("/v2/billing-keys", body, Date.now() + 60_000);
    if (!outcome.final || outcome.answer.status !== 200)
      throw new Error(`could not issue a billing key: ${JSON.stringify(outcome)}`);
    keys.push(outcome.answer.body.billing_key);
  }
  return keys;
}

/** SIGKILLs spread over the load window, each at a random moment within its slice. */
async function killRandomly(
  cluster: Cluster,
  start: number,
  options: ChaosOptions,
  restartSeconds: number[],
): Promise<number> {
  let workerKills = 0;
  for (let i = 0; i < options.kills; i++) {
    const slice = options.loadMs / options.kills;
    await sleep(Math.max(0, start + slice * (i + 0.2 + Math.random() * 0.6) - Date.now()));
    const killedAt = Date.now();
    const kills = [cluster.killServer()];
    if (cluster.workers > 0) {
      kills.push(cluster.killWorker(i % cluster.workers));
      workerKills++;
    }
    await Promise.all(kills);
    restartSeconds.push((Date.now() - killedAt) / 1000);
  }
  return workerKills;
}

/** Every connection of the processes under test dropped by the database, at random moments spread over the window. */
async function cutConnectionsRandomly(databaseUrl: string, start: number, options: ChaosOptions): Promise<number[]> {
  const cut: number[] = [];
  const cuts = options.connectionCuts ?? 0;
  for (let i = 0; i < cuts; i++) {
    const slice = options.loadMs / cuts;
    await sleep(Math.max(0, start + slice * (i + 0.1 + Math.random() * 0.8) - Date.now()));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      cut.push(rows[0]?.n ?? 0);
    } finally {
      await admin.end();
    }
  }
  return cut;
}

/** `admin reconcile --json` until it comes back empty (a late approval found by the first run is refunded by the sweep) or three runs. */
async function reconcileUntilEmpty(cluster: Cluster, since: number) {
  let last: { code: number | null; report: ReconciliationReport | null } = { code: null, report: null };
  for (let run = 1; run <= 3; run++) {
    const { code, stdout, stderr } = await cluster.runScript("scripts/admin.ts", [
      "reconcile",
      "--json",
      "--since",
      new Date(since).toISOString(),
    ]);
    const line = stdout.trim().split("\n").at(-1) ?? "";
    let report: ReconciliationReport | null = null;
    try {
      report = JSON.parse(line) as ReconciliationReport;
    } catch {
      throw new Error(`reconcile printed no JSON (exit ${code}): ${stdout}\n${stderr}`);
    }
    last = { code, report };
    if (code === 0) return { ...last, runs: run };
    await sleep(5_000);
  }
  return { ...last, runs: 3 };
}

function countOutcomes(log: LoadLog) {
  const keyed = log.payments.filter((p) => p.kind !== "schedule");
  const is = (status: (s: number) => boolean) => (o: LoadLog["payments"][number]["outcome"]) =>
    o?.final === true && status(o.answer.status);
  return {
    payments: {
      attempted: keyed.length,
      answeredPaid: keyed.filter((p) => is((s) => s === 200)(p.outcome)).length,
      answeredDeclined: keyed.filter((p) => is((s) => s !== 200)(p.outcome)).length,
      unanswered: keyed.filter((p) => p.outcome?.final === false).length,
    },
    cancels: {
      attempted: log.cancels.length,
      succeeded: log.cancels.filter((c) => c.outcome.final && c.outcome.answer.status === 200).length,
      refused: log.cancels.filter((c) => c.outcome.final && c.outcome.answer.status !== 200).length,
      unanswered: log.cancels.filter((c) => !c.outcome.final).length,
    },
  };
}

async function databaseFigures(storeId: string) {
  const db = getDb();
  const schedules = await db
    .selectFrom("transactions")
    .select(["status"])
    .where("store_id", "=", storeId)
    .where("schedule_id", "is not", null)
    .execute();
  const lookedUp = await db
    .selectFrom("transactions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("store_id", "=", storeId)
    .where("lookup_attempts", ">", 0)
    .executeTakeFirstOrThrow();
  const late = await db
    .selectFrom("late_approvals")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("store_id", "=", storeId)
    .where("status", "=", "REFUNDED")
    .executeTakeFirstOrThrow();
  const booked = await db
    .selectFrom("schedules")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("store_id", "=", storeId)
    .executeTakeFirstOrThrow();
  return {
    schedules: {
      booked: Number(booked.n),
      paid: schedules.filter((s) => s.status !== "FAILED").length,
      failed: schedules.filter((s) => s.status === "FAILED").length,
    },
    lookedUpAgain: Number(lookedUp.n),
    lateApprovalsRefunded: Number(late.n),
  };
}

export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const cluster = await startCluster({
    port: options.port,
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    workers: options.workers,
    env: { ...CHAOS_ENV, ...options.env },
  });
  try {
    const merchant = await cluster.server.createMerchant({ name: "Chaos merchant" });
    const chosen = options.channel
      ? await options.channel(merchant)
      : merchant.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
    const channelKey = typeof chosen === "string" ? chosen : chosen.channel;
    const client = new ChaosClient(cluster.server.baseUrl, merchant.accessToken);
    const billingKeys = await issueBillingKeys(client, channelKey, 2);

    const start = Date.now();
    const log: LoadLog = { payments: [], cancels: [], requests: 0 };
    const ctx: LoadContext = {
      client,
      channelKey,
      keyInKey: typeof chosen === "string" ? undefined : chosen.keyIn,
      billingKeys,
      until: start + options.loadMs,
      lastUntil: start + 3 * options.loadMs,
      moreNeeded: (log) => {
        const answered = countOutcomes(log);
        const { paid = 0, cancels = 0 } = options.atLeast ?? {};
        return (
          answered.payments.answeredPaid < paid ||
          answered.cancels.succeeded < cancels ||
          (options.moreNeeded?.() ?? false)
        );
      },
      retryFor: options.retryForMs,
      log,
    };
    const restartSeconds: number[] = [];
    const [, workerKills, connectionsCut] = await Promise.all([
      runLoad(ctx, options.concurrency, options.loops),
      killRandomly(cluster, start, options, restartSeconds),
      cutConnectionsRandomly(options.databaseUrl, start, options),
      options.during?.(options.loadMs),
    ]);
    const loadEnded = Date.now();

    const settled = await waitSettled(merchant.store_id, options.settleTimeoutMs);
    const found = await violations(merchant.store_id, client, log);
    const retried = await retryUnanswered(merchant.store_id, client, log);
    found.push(...retried.violations);
    const reconciled = await reconcileUntilEmpty(cluster, start - 60_000);
    if (reconciled.code !== 0)
      found.push(`reconcile exited ${reconciled.code}: ${JSON.stringify(reconciled.report).slice(0, 2000)}`);
    // A process that died of a fault (say an unhandled 'error' from a dropped connection) is a finding, even when
    // the restarts and look-ups hid it from the money.
    found.push(...cluster.unexpectedExits());

    const figures: ChaosFigures = {
      database: options.databaseUrl.startsWith("postgres") ? "PostgreSQL" : "SQLite",
      loadSeconds: (loadEnded - start) / 1000,
      serverKills: options.kills,
      workerKills,
      restartSeconds,
      connectionsCut,
      requests: log.requests,
      ...countOutcomes(log),
      ...(await databaseFigures(merchant.store_id)),
      settleSeconds: Math.round(settled.settledAfterMs / 100) / 10,
      retriedUnanswered: retried.retried,
      reconcile: {
        exitCode: reconciled.code,
        checked: reconciled.report?.checked ?? 0,
        mismatches: reconciled.report?.mismatches.length ?? -1,
        unsettled: reconciled.report?.unsettled.length ?? -1,
        runs: reconciled.runs,
      },
      faults: countFaults([
        cluster.server.log(),
        ...[path.join(options.dataDir, "workers.log")].filter(existsSync).map((file) => readFileSync(file, "utf8")),
      ]),
    };
    return {
      figures,
      violations: found,
      report: reconciled.report,
      serverLog: () => cluster.server.log(),
      storeId: merchant.store_id,
      log,
    };
  } finally {
    await cluster.stop();
  }
}
