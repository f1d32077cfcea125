/**
 * The dashboard's audit log page at scale: BENCH_AUDIT_ENTRIES (default 1,000,000) entries
 * of one merchant written straight into audit_log by one statement (generated in the database, so
 * the seed takes seconds; a second merchant's 50,000 entries sit beside them), then every query the
 * page runs timed through its verbs, BENCH_RUNS (20) times each, against a baseline measured in the
 * same run (one entry by primary key): the first page, a page deep in the chain, the actor list, and
 * the actor, action, target and date filters, each for a value that is common and one that is rare.
 *   npx tsx bench/audit-page.ts        (a throwaway SQLite file; DATABASE_URL=postgres://… for PostgreSQL)
 *
 * The history is an API merchant's: a year of entries, 99.8 % written by the payment path
 * (payment / cancellation / schedule / escrow status changes: two API keys, a few dashboard users
 * for cancellations), 0.2 % team and settings changes by ten dashboard users, an old API key's 100
 * entries at the very start, two entries per payment target, the newest five not sealed yet.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { time, timingTable, type Timing } from "./lib/timing";

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const NEIGHBOUR_ENTRIES = 50_000;
const UNSEALED = 5;
const YEAR = 365 * 24 * 3600 * 1000;

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-audit-page-"));
process.env.DATABASE_URL ??= `file:${path.join(dir, "bench.db")}`;
Object.assign(process.env, { DATA_DIR: process.env.DATA_DIR ?? dir, LOG_FILE: path.join(dir, "bench.log") });
const { sql } = await import("kysely");
const { dialect, getDb, closeDb } = await import("@/lib/db/client");
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { listAudit } = await import("@/lib/audit/list-audit");
const { listAuditActors } = await import("@/lib/audit/list-audit-actors");

const MERCHANT = "merchant-audit-bench";
const NEIGHBOUR = "merchant-audit-neighbour";
const ADMIN_ACTIONS = [
  "api_key.create",
  "api_key.revoke",
  "user.role_change",
  "saved_view.create",
  "store.update",
  "webhook.url_change",
  "invitation.create",
  "billing_key.delete",
];

/**
 * The columns of entry n (1…count) of a merchant, as SQL over `n` (both dialects: integer
 * arithmetic, CASE, ||). Bucket b = n·7919 mod 1000 spreads the kinds evenly through time.
 */
function entryColumns(merchant: string, count: number, now: number): string {
  const b = "((n * 7919) % 1000)";
  const pad = (expr: string) =>
    dialect() === "postgres" ? `lpad((${expr})::text, 9, '0')` : `printf('%09d', ${expr})`;
  const admin = ADMIN_ACTIONS.map((a, i) => `when ${i} then '${a}'`).join(" ");
  const user = `'user_bench_' || (n % 10)`;
  const actorId = `case when n <= 100 then 'key_old' when ${b} < 2 then ${user} when ${b} < 62 and n % 10 < 3 then ${user} when ${b} < 85 or n % 5 = 0 then 'key_second' else 'key_main' end`;
  const actorName = `case when n <= 100 then 'Old server (sk_old…)' when ${b} < 2 or (${b} < 62 and n % 10 < 3) then 'User ' || (n % 10) || ' (user' || (n % 10) || '@example.com)' when ${b} < 85 or n % 5 = 0 then 'Second server (sk_second…)' else 'Main server (sk_main…)' end`;
  const actorType = `case when n > 100 and (${b} < 2 or (${b} < 62 and n % 10 < 3)) then 'USER' else 'API_KEY' end`;
  const action = `case when ${b} < 2 then (case (n % ${ADMIN_ACTIONS.length}) ${admin} end) when ${b} < 62 then 'cancellation.status_change' when ${b} < 82 then 'schedule.status_change' when ${b} < 85 then 'escrow.status_change' else 'payment.status_change' end`;
  const target = `case when ${b} < 2 then 'adm_' || n else 'pay_bench_' || (n / 2) end`;
  const sealed = `n <= ${count - UNSEALED}`;
  return [
    `'aud_${merchant}_' || ${pad("n")}`,
    `'${merchant}'`,
    `case when ${sealed} then n end`,
    actorType,
    actorId,
    actorName,
    action,
    target,
    `'{"before":{"status":"READY"},"after":{"status":"PAID"}}'`,
    `'203.0.113.' || (n % 200)`,
    `${now - YEAR} + n * ${Math.floor(YEAR / count)}`,
    `case when ${sealed} then 'prev' || ${pad("n")} end`,
    `case when ${sealed} then 'hash' || ${pad("n")} end`,
  ].join(", ");
}

async function seed(merchant: string, count: number, now: number) {
  const columns =
    "id, merchant_id, seq, actor_type, actor_id, actor_name, action, target_id, summary, ip_address, created_at, prev_hash, hash";
  const numbers =
    dialect() === "postgres"
      ? `generate_series(1::bigint, ${count}::bigint) as g(n)`
      : `(with recursive s(n) as (select 1 union all select n + 1 from s where n < ${count}) select n from s)`;
  await sql
    .raw(`insert into audit_log (${columns}) select ${entryColumns(merchant, count, now)} from ${numbers}`)
    .execute(getDb());
  await getDb()
    .insertInto("audit_heads")
    .values({ merchant_id: merchant, seq: count - UNSEALED, hash: `hash${String(count - UNSEALED).padStart(9, "0")}` })
    .execute();
}

await migrateToLatest();
const seedStarted = performance.now();
const now = Date.now();
await seed(MERCHANT, ENTRIES, now);
await seed(NEIGHBOUR, NEIGHBOUR_ENTRIES, now);
await sql.raw(dialect() === "sqlite" ? "analyze" : "vacuum analyze audit_log").execute(getDb());
const seedSeconds = (performance.now() - seedStarted) / 1000;

const ctx = { merchantId: MERCHANT };
const page = (input: Parameters<typeof listAudit>[0]["input"]) => () => listAudit({ ctx, input });
const DAY = 24 * 3600 * 1000;
const results: Timing[] = [];
const run = async (label: string, fn: () => Promise<unknown>) => results.push(await time(label, RUNS, fn));
await run("baseline: one entry by primary key", () =>
  getDb().selectFrom("audit_log").selectAll().where("id", "=", `aud_${MERCHANT}_000012345`).executeTakeFirst(),
);
await run("first page (50 newest, the unsealed first)", page({}));
await run("a page deep in the chain (before = half way)", page({ before: Math.floor(ENTRIES / 2) }));
await run("actor list (the filter's choices)", () => listAuditActors({ ctx }));
await run("actor: the main API key (most entries)", page({ actor: "key_main" }));
await run("actor: a dashboard user (0.3 %)", page({ actor: "user_bench_3" }));
await run("actor: an old API key (100 entries, a year ago)", page({ actor: "key_old" }));
await run("action: payment.status_change (most entries)", page({ action: "payment.status_change" }));
await run("action: escrow.status_change (0.3 %)", page({ action: "escrow.status_change" }));
await run("action kind: api_key (0.05 %)", page({ action: "api_key" }));
await run("action: user.role_change (0.025 %)", page({ action: "user.role_change" }));
await run("target: a payment (2 entries)", page({ target: `pay_bench_${Math.floor(ENTRIES / 3)}` }));
await run("target: no such target", page({ target: "pay_nowhere" }));
await run("date: the last day", page({ from: now - DAY, until: now }));
await run("date: one day a year ago", page({ from: now - YEAR + 10 * DAY, until: now - YEAR + 11 * DAY }));
await run("date: a month half a year ago", page({ from: now - YEAR / 2, until: now - YEAR / 2 + 30 * DAY }));
await run(
  "date: a month half a year ago, before = its middle",
  page({
    from: now - YEAR / 2,
    until: now - YEAR / 2 + 30 * DAY,
    before: Math.floor(ENTRIES / 2 + (ENTRIES * 15) / 365),
  }),
);
await run("date: a whole year (from a year ago)", page({ from: now - YEAR }));
await run("date: until a month ago (no from)", page({ until: now - 30 * DAY }));
await run("date: the last hour (sparse: ~110 entries)", page({ from: now - DAY / 24 }));
await run("actor + action: a user's cancellations", page({ actor: "user_bench_3", action: "cancellation" }));

const loadAverage = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");
console.log(
  `\n${dialect()} · ${ENTRIES.toLocaleString("en-US")} audit entries of one merchant (+ ${NEIGHBOUR_ENTRIES.toLocaleString("en-US")} of another) · seeded in ${seedSeconds.toFixed(0)} s · ${RUNS} runs each · load ${loadAverage}\n`,
);
console.log(timingTable(results));
await closeDb();
rmSync(dir, { recursive: true, force: true });
