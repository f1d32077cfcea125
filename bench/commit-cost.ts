/**
 * What one durable commit costs, and what group commit saves, on DATABASE_URL
 * (default: a throwaway SQLite file; for PostgreSQL give one with fsync on). Each "request" does
 * what a payment does in its request: two transactions, each inserting a row and committing
 * durably. Runs BENCH_REQUESTS requests one at a time, then BENCH_CONCURRENCY at a time, with group
 * commit on and off (SQLite): requests/s and commits per second. Prints a markdown table.
 *   npx tsx bench/commit-cost.ts
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-commit-"));
process.env.DATABASE_URL ??= `file:${dir}/commit.db`;
process.env.DATA_DIR ??= dir;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

const { sql } = await import("kysely");
const { closeDb, dialect, getDb, groupCommitStats, withTransaction } = await import("@/lib/db/client");
await sql`create table if not exists commit_probe (id text primary key, at bigint not null)`.execute(getDb());

let n = 0;
async function request() {
  for (let step = 0; step < 2; step++) {
    await withTransaction(async (tx) => {
      await sql`insert into commit_probe (id, at) values (${`r${n++}`}, ${Date.now()})`.execute(tx);
    });
  }
}

async function run(concurrency: number) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < REQUESTS) await request();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rps: REQUESTS / seconds, msPerRequest: (seconds * 1000 * concurrency) / REQUESTS };
}

const rows: string[] = [];
const modes = dialect() === "sqlite" ? ["true", "false"] : ["n/a"];
for (const mode of modes) {
  if (mode !== "n/a") process.env.SQLITE_GROUP_COMMIT = mode;
  await run(2); // warm
  const serial = await run(1);
  const before = { ...groupCommitStats() };
  const concurrent = await run(CONCURRENCY);
  const after = { ...groupCommitStats() };
  const groups = (after?.groups ?? 0) - (before?.groups ?? 0);
  const perGroup = groups > 0 ? (((after?.members ?? 0) - (before?.members ?? 0)) / groups).toFixed(1) : "1";
  rows.push(
    `| ${dialect()} | group commit ${mode === "n/a" ? "(PostgreSQL: its own)" : mode === "true" ? "on" : "off"} | ${serial.rps.toFixed(0)} | ${(1000 / serial.rps / 2).toFixed(2)} | ${concurrent.rps.toFixed(0)} | ${perGroup} |`,
  );
}
console.log(`\n${REQUESTS} requests of 2 durable transactions each; concurrent = ${CONCURRENCY} at a time\n`);
console.log(
  "| database | mode | one at a time: req/s | ms per durable commit | concurrent: req/s | concurrent: transactions per commit |\n|---|---|---|---|---|---|",
);
console.log(rows.join("\n"));
await closeDb();
