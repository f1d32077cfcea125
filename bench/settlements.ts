/**
 * Settlements at scale: BENCH_SETTLEMENT_ROWS (default 1,000,000) settlement rows of one
 * store, a year of payouts (one row per payment, every tenth payment also a refund row), written by
 * one INSERT … SELECT generated in the database (seconds), a neighbour store's 50,000 beside them;
 * then the reads the API and the Settlements page run, timed through their verbs, BENCH_RUNS (20)
 * times each after the warm-up:
 *   npx tsx bench/settlements.ts        (a throwaway SQLite file; DATABASE_URL=postgres://… for PostgreSQL)
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { time, timingTable, type Timing } from "./lib/timing";

const ROWS = Number(process.env.BENCH_SETTLEMENT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const NEIGHBOUR_ROWS = 50_000;
const DAY = 86_400_000;

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-settlements-"));
process.env.DATABASE_URL ??= `file:${path.join(dir, "bench.db")}`;
Object.assign(process.env, { DATA_DIR: process.env.DATA_DIR ?? dir, LOG_FILE: path.join(dir, "bench.log") });
const { sql } = await import("kysely");
const { dialect, getDb, closeDb } = await import("@/lib/db/client");
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { createMerchant } = await import("@/lib/tenancy/create-merchant");
const { koreaDate } = await import("@/lib/settlements/business-days");
const { listSettlements } = await import("@/lib/settlements/list-settlements");
const { listPayouts } = await import("@/lib/settlements/list-payouts");
const { settlementSummary } = await import("@/lib/settlements/dashboard-summary");
const { listSettlementsQuery, listPayoutsQuery } = await import("@/lib/settlements/query-schema");

/** Rows 1…count of a store over the year before `now`: n-th row's payout day = n spread evenly. */
async function seed(merchantId: string, storeId: string, channelId: string, count: number, now: number) {
  const days = 365;
  const day = `((n * ${days}) / ${count})`;
  const date =
    dialect() === "postgres"
      ? `to_char(to_timestamp(${Math.floor((now - days * DAY) / 1000)} + ${day} * 86400) at time zone 'Asia/Seoul', 'YYYY-MM-DD')`
      : `date(${Math.floor((now - days * DAY) / 1000)} + ${day} * 86400 + 32400, 'unixepoch')`;
  const refund = "(n % 10 = 0)";
  const gross = `case when ${refund} then -3000 else 10000 + (n % 50) * 1000 end`;
  const fee = `(${gross}) * 25 / 1000`;
  const vat = `(${fee}) / 10`;
  const numbers =
    dialect() === "postgres"
      ? `generate_series(1::bigint, ${count}::bigint) as g(n)`
      : `(with recursive s(n) as (select 1 union all select n + 1 from s where n < ${count}) select n from s)`;
  const columns = [
    `'stl_${storeId}_' || n`,
    `'${merchantId}'`,
    `'${storeId}'`,
    `'${channelId}'`,
    `'TOSSPAYMENTS'`,
    `case when ${refund} then 'REFUND' else 'PAYMENT' end`,
    `'tx:${storeId}:' || n`,
    `'pay_' || n`,
    `'tx_' || n`,
    `case when ${refund} then 'cx_' || n end`,
    `'CARD'`,
    `'KRW'`,
    date,
    date,
    gross,
    `'[]'`,
    fee,
    vat,
    `(${gross}) - (${fee}) - (${vat})`,
    `case when ${day} < ${days - 3} then 'CONFIRMED' else 'EXPECTED' end`,
    `null`,
    String(now),
    String(now),
  ].join(", ");
  await sql
    .raw(
      `insert into settlements (id, merchant_id, store_id, channel_id, pg_provider, kind, source_key, payment_id, transaction_id, cancellation_id, method, currency, sold_on, payout_on, gross, fees, fee_total, vat_on_fees, net, status, pg_key, created_at, updated_at) select ${columns} from ${numbers}`,
    )
    .execute(getDb());
}

await migrateToLatest();
const seedStarted = performance.now();
const now = Date.now();
const main = await createMerchant({ name: "Settlement bench", hosting: false });
const neighbour = await createMerchant({ name: "Settlement neighbour", hosting: false });
const toss = (m: typeof main) => m.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!;
const channelId = async (m: typeof main) =>
  (await getDb().selectFrom("channels").select("id").where("key", "=", toss(m).key).executeTakeFirstOrThrow()).id;
await seed(main.merchant_id, main.store_id, await channelId(main), ROWS, now);
await seed(neighbour.merchant_id, neighbour.store_id, await channelId(neighbour), NEIGHBOUR_ROWS, now);
// The per-day sums every write keeps (lib/settlements/repository/days.ts), built at once for the bulk rows.
await sql`insert into settlement_days (merchant_id, store_id, payout_on, channel_id, currency, status, kind, count, gross, fee_total, vat_on_fees, net)
  select merchant_id, store_id, payout_on, channel_id, currency, status, kind, count(*), sum(gross), sum(fee_total), sum(vat_on_fees), sum(net)
  from settlements group by merchant_id, store_id, payout_on, channel_id, currency, status, kind`.execute(getDb());
await sql.raw(dialect() === "sqlite" ? "analyze" : "vacuum analyze settlements").execute(getDb());
const seedSeconds = (performance.now() - seedStarted) / 1000;

const ctx = {
  merchantId: main.merchant_id,
  storeId: main.store_id,
  storeLimited: false,
  hasHostingContract: false,
  origin: { platform_type: "API" as const, ip_address: "127.0.0.1" },
  stores: [{ id: main.store_id }],
};
const today = koreaDate(now);
const monthAgo = koreaDate(now - 30 * DAY);
const list = (q: Record<string, string>) => () => listSettlements({ ctx, input: listSettlementsQuery.parse(q) });
const payouts = (q: Record<string, string>) => () => listPayouts({ ctx, input: listPayoutsQuery.parse(q) });
const results: Timing[] = [];
const run = async (label: string, fn: () => Promise<unknown>) => results.push(await time(label, RUNS, fn));
await run("baseline: one row by primary key", () =>
  getDb().selectFrom("settlements").selectAll().where("id", "=", `stl_${main.store_id}_12345`).executeTakeFirst(),
);
await run("GET /v2/settlements, no filter (first 100 of 1M, total_count)", list({}));
await run("GET /v2/settlements?payout_on=a day (one payout's rows)", list({ payout_on: monthAgo }));
await run(
  "GET /v2/settlements, a month of payouts, page 10",
  list({ payout_from: monthAgo, payout_to: today, page: "10" }),
);
await run("GET /v2/settlements?payment_id=…", list({ payment_id: "pay_500001" }));
await run(
  "GET /v2/settlements/payouts, a month (sums per payout)",
  payouts({ payout_from: monthAgo, payout_to: today }),
);
await run("GET /v2/settlements/payouts, the whole year", payouts({}));
await run("Settlements page: next payouts + 45 days by day", () => settlementSummary({ ctx, input: {} }));

const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");
console.log(
  `\n${dialect()} · ${ROWS.toLocaleString("en-US")} settlements of one store (+ ${NEIGHBOUR_ROWS.toLocaleString("en-US")} of another) · seeded in ${seedSeconds.toFixed(0)} s · ${RUNS} runs each · load ${load}\n`,
);
console.log(timingTable(results));
await closeDb();
rmSync(dir, { recursive: true, force: true });
