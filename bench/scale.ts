/**
 * Lists, filters, search and the overview at scale: seeds BENCH_ROWS payments
 * (default 1,000,000) with the bulk seeder, then times every list shape of GET /v2/payments and
 * /v2/payments/scroll (through the service verbs) and the dashboard's search and overview,
 * BENCH_RUNS times each, against a baseline measured in the same run (one payment by primary key).
 *   DATABASE_URL=… npx tsx bench/scale.ts      (bench/scale.sh makes a throwaway database)
 * BENCH_PHASE=seed writes the seeded merchant to BENCH_SEEDED (a JSON file) and stops;
 * BENCH_PHASE=measure reads it and measures: bench/all.sh seeds both databases at once that way.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { sql } from "kysely";
import type { AuthContext } from "@/lib/auth/context";
import type { DashboardContext } from "@/lib/dashboard/context";
import { getOverview } from "@/lib/dashboard/overview";
import { paidBuckets, paidRows } from "@/lib/dashboard/repository/paid-volume";
import { overviewPeriods } from "@/lib/dashboard/periods";
import { refundBuckets, refundRows } from "@/lib/dashboard/repository/refund-volume";
import { dialect, getDb } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrations";
import { foldPaymentCountDeltas } from "@/lib/payments/read/repository/count-fold";
import { listPayments } from "@/lib/payments/read/list-payments";
import { countPayments, countRows } from "@/lib/payments/read/repository/count";
import { resolveWindow } from "@/lib/payments/read/scope";
import { listPaymentsQuery, paymentFilterQuery, scrollPaymentsQuery } from "@/lib/payments/read/schema";
import { scrollPayments } from "@/lib/payments/read/scroll-payments";
import { searchPalette } from "@/lib/search/palette";
import { dashboardPaymentsQuery } from "@/lib/search/schema";
import { listDashboardPayments } from "@/lib/search/search-payments";
import { seedPayments, type SeededMerchant } from "./lib/seed-payments";
import { time, timingTable, type Timing } from "./lib/timing";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PHASE = process.env.BENCH_PHASE ?? "all";
const SEEDED_FILE = process.env.BENCH_SEEDED;

async function seed(): Promise<SeededMerchant & { seedSeconds: number; payments: number }> {
  await migrateToLatest();
  const seedStarted = Date.now();
  const seeded = await seedPayments(ROWS, { log: (line) => console.log(line) });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  // What the worker's periodic task does on PostgreSQL (nothing to fold on SQLite).
  while ((await foldPaymentCountDeltas()) > 0);
  await sql.raw(dialect() === "sqlite" ? "analyze" : "vacuum analyze").execute(getDb());
  return { ...seeded, seedSeconds, payments: ROWS };
}

async function main() {
  if (PHASE !== "all" && !SEEDED_FILE) throw new Error("BENCH_PHASE=seed|measure needs BENCH_SEEDED=<file>");
  const seeded =
    PHASE === "measure"
      ? (JSON.parse(readFileSync(SEEDED_FILE!, "utf8")) as Awaited<ReturnType<typeof seed>>)
      : await seed();
  if (PHASE === "seed") {
    writeFileSync(SEEDED_FILE!, JSON.stringify(seeded));
    await getDb().destroy();
    return;
  }
  const { seedSeconds } = seeded;
  const [mainStore] = seeded.storeIds;
  const origin = { platform_type: "API" as const, ip_address: "127.0.0.1" };
  const ctx: AuthContext = {
    merchantId: seeded.merchantId,
    storeId: mainStore!,
    storeLimited: false,
    hasHostingContract: true,
    origin,
  };
  const dashboard = {
    ...ctx,
    origin: { ...origin, platform_type: "PC" },
    role: "OWNER",
    userId: "u",
    userName: "u",
    merchantName: "Bench",
    stores: seeded.storeIds.map((id, i) => ({ id, name: `s${i}`, is_default: i === 0 ? 1 : 0 })),
  } as DashboardContext;
  const list = (q: Record<string, unknown>) => () => listPayments({ ctx, input: listPaymentsQuery.parse(q) });
  const search = (q: Record<string, unknown>) => () =>
    listDashboardPayments({ ctx: dashboard, input: dashboardPaymentsQuery.parse(q) });
  const year = { start: new Date(seeded.from).toISOString(), end: new Date(seeded.to).toISOString() };
  const scrollFrom = (await scrollPayments({ ctx, input: scrollPaymentsQuery.parse({ limit: "100", ...year }) }))
    .cursor;

  const results: Timing[] = [];
  const run = async (label: string, fn: () => Promise<unknown>) => results.push(await time(label, RUNS, fn));
  await run("baseline: one payment by primary key", () =>
    getDb().selectFrom("transactions").selectAll().where("id", "=", "btx-12345").executeTakeFirst(),
  );
  await run("API list, all stores, 90 days, page 1 of 10", list({}));
  await run("API list, main store", list({ store_id: mainStore }));
  await run("API list, status=PAID", list({ status: "PAID" }));
  await run("API list, status=CANCELLED,PARTIAL_CANCELLED", list({ status: ["CANCELLED", "PARTIAL_CANCELLED"] }));
  await run("API list, methods=VIRTUAL_ACCOUNT", list({ methods: "VIRTUAL_ACCOUNT" }));
  await run("API list, is_test_payment=true", list({ is_test_payment: "true" }));
  await run("API list, is_scheduled_payment=true", list({ is_scheduled_payment: "true" }));
  await run("API list, a whole year, status=PAID", list({ ...year, status: "PAID" }));
  await run("API list, page 100 (offset 990)", list({ page: "99" }));
  await run("API list, 100 per page", list({ limit: "100" }));
  await run(
    "API list, text search PAYMENT_ID bench-12345",
    list({ text_search_column: "PAYMENT_ID", text_search_value: "bench-12345" }),
  );
  await run("API list, text search ALL user4242@", list({ text_search_value: "user4242@", ...year }));
  const scope = { merchantId: seeded.merchantId };
  for (const [label, q] of [
    ["90 days", {}],
    ["90 days, status=PAID", { status: "PAID" }],
    ["a year", year],
  ] as const) {
    const filters = paymentFilterQuery.parse(q);
    const window = resolveWindow(filters);
    await run(`total_count ${label}: every row counted`, () => countRows(scope, filters, window));
    await run(`total_count ${label}: day counters + edge days`, () => countPayments(scope, filters, window));
  }
  await run("API scroll, first page of 100 (a year)", () =>
    scrollPayments({ ctx, input: scrollPaymentsQuery.parse({ limit: "100", ...year }) }),
  );
  await run("API scroll, next page of 100", () =>
    scrollPayments({ ctx, input: scrollPaymentsQuery.parse({ limit: "100", cursor: scrollFrom }) }),
  );
  await run("overview, today", () =>
    getOverview({ ctx: dashboard, input: { range: "today", mode: "LIVE", timeZone: "Asia/Seoul" } }),
  );
  await run("overview, 7 days (+ previous 7)", () =>
    getOverview({ ctx: dashboard, input: { range: "7d", mode: "LIVE", timeZone: "Asia/Seoul" } }),
  );
  await run("overview, 30 days (+ previous 30)", () =>
    getOverview({ ctx: dashboard, input: { range: "30d", mode: "LIVE", timeZone: "Asia/Seoul" } }),
  );
  // The overview's largest part, before and after the hourly rollup (migration 0092), in the same run.
  const thirtyDays = overviewPeriods("30d", Date.now(), "Asia/Seoul");
  const paid = {
    storeId: mainStore!,
    mode: "LIVE" as const,
    start: thirtyDays.previous.start,
    end: thirtyDays.current.end,
    bucketMs: thirtyDays.bucketMs,
    offsetMs: thirtyDays.offsetMs,
  };
  await run("overview 30 days, paid volume: every paid row read (before)", () => paidRows(paid));
  await run("overview 30 days, paid volume: hourly rollup + last hour", () => paidBuckets(paid));
  await run("overview 30 days, refunds: every refund joined to its payment (before)", () => refundRows(paid));
  await run("overview 30 days, refunds: hourly rollup + last hour", () => refundBuckets(paid));
  await run("dashboard search bench-123456 (payment id)", search({ q: "bench-123456" }));
  await run("dashboard search `jiho 42`", search({ q: "jiho 42" }));
  await run("dashboard search 0042 (card, phone digits)", search({ q: "0042" }));
  await run("dashboard search user7777@ (e-mail)", search({ q: "user7777@" }));
  await run("dashboard search 지호 (two characters)", search({ q: "지호" }));
  await run("dashboard search desk (common word)", search({ q: "desk" }));
  await run("⌘K palette bench-98765", () => searchPalette({ ctx: dashboard, input: { q: "bench-98765" } }));

  const transactions = await getDb()
    .selectFrom("transactions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  console.log(
    `\n${dialect()} · ${seeded.payments.toLocaleString("en-US")} payments (${Number(transactions.n).toLocaleString("en-US")} transactions) · seeded in ${seedSeconds.toFixed(0)} s · ${RUNS} runs each\n`,
  );
  console.log(timingTable(results));
  if (dialect() === "postgres") {
    // Which indexes of transactions the queries above used (the seeder's inserts use none).
    await sql`select pg_stat_force_next_flush()`.execute(getDb());
    await new Promise((r) => setTimeout(r, 1500));
    const usage = await sql<{
      name: string;
      scans: number;
    }>`select indexrelname as name, idx_scan as scans from pg_stat_user_indexes where relname = 'transactions' order by idx_scan desc, indexrelname`.execute(
      getDb(),
    );
    console.log(
      `\nIndex scans on transactions during this run: ${usage.rows.map((r) => `${r.name} ${r.scans}`).join(", ")}`,
    );
  }
  await getDb().destroy();
}

void main();
