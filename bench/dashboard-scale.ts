/**
 * Overview aggregates and full-text search at scale: seeds BENCH_ROWS payments (default 1,000,000)
 * spread over a year into one store with SQL generating rows inside the database, then times each
 * dashboard query BENCH_RUNS times against a baseline measured in the same run (a primary-key
 * lookup of one payment). Run on SQLite (default) or with DATABASE_URL=postgres://….
 *   npx tsx bench/dashboard-scale.ts            (see docs/benchmarks.md for results)
 */
import { sql } from "kysely";
import type { DashboardContext } from "@/lib/dashboard/context";
import { getOverview } from "@/lib/dashboard/overview";
import { dialect, getDb } from "@/lib/db/client";
import { migrateToLatest } from "@/lib/db/migrations";
import { dashboardPaymentsQuery } from "@/lib/search/schema";
import { listDashboardPayments } from "@/lib/search/search-payments";
import { searchPalette } from "@/lib/search/palette";
import { createMerchant } from "@/lib/tenancy/create-merchant";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DAY = 86_400_000;

async function seed(merchantId: string, storeId: string) {
  const db = getDb();
  const now = Date.now();
  const started = Date.now();
  const batch = 100_000;
  for (let from = 1; from <= ROWS; from += batch) {
    const to = Math.min(ROWS, from + batch - 1);
    // Deterministic variety: 90% paid, 8% failed, 2% pending; names, orders and cards cycle.
    if (dialect() === "sqlite") {
      await sql`
        with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to})
        insert into transactions (id, merchant_id, store_id, payment_id, is_primary, version, channel_type, pg_provider, method, status, status_updated_at, updated_at, requested_at, paid_at, failed_at, order_name, currency, total_amount, paid_amount, customer_name, customer_email, customer_phone, customer, origin, card_number, pg_tx_id, failure_pg_code, created_at)
        select 'btx' || i, ${merchantId}, ${storeId}, 'bench-' || i, 1, 'V2', 'TEST', case when i % 3 = 0 then 'KCP' else 'TOSSPAYMENTS' end, case when i % 5 = 0 then 'VIRTUAL_ACCOUNT' else 'CARD' end,
          case when i % 50 < 45 then 'PAID' when i % 50 < 49 then 'FAILED' else 'PENDING' end,
          ${now} - (i * 31536) , ${now} - (i * 31536), ${now} - (i * 31536),
          case when i % 50 < 45 then ${now} - (i * 31536) + 1000 end, case when i % 50 between 45 and 48 then ${now} - (i * 31536) + 1000 end,
          (case i % 7 when 0 then 'Standing desk' when 1 then 'Desk lamp' when 2 then 'Office chair' when 3 then '책상 램프' when 4 then 'Monitor arm' when 5 then 'Notebook' else 'Coffee beans' end) || ' #' || i,
          'KRW', 1000 + (i % 97) * 500, case when i % 50 < 45 then 1000 + (i % 97) * 500 else 0 end,
          (case i % 6 when 0 then 'Lee Jiho' when 1 then '이지호' when 2 then 'Kim Minsu' when 3 then '박서연' when 4 then 'Choi Yuna' else 'Jung Hoon' end) || ' ' || (i % 1000),
          'user' || i || '@example.com', '010-' || printf('%04d', i % 10000) || '-' || printf('%04d', (i * 7) % 10000), '{}', '{}',
          '424242******' || printf('%04d', i % 10000), 'pg-' || i, case when i % 50 between 45 and 48 then (case i % 2 when 0 then 'CARD_DECLINED' else 'INSUFFICIENT_FUNDS' end) end, ${now} - (i * 31536)
        from n`.execute(db);
    } else {
      await sql`
        insert into transactions (id, merchant_id, store_id, payment_id, is_primary, version, channel_type, pg_provider, method, status, status_updated_at, updated_at, requested_at, paid_at, failed_at, order_name, currency, total_amount, paid_amount, customer_name, customer_email, customer_phone, customer, origin, card_number, pg_tx_id, failure_pg_code, created_at)
        select 'btx' || i, ${merchantId}, ${storeId}, 'bench-' || i, 1, 'V2', 'TEST', case when i % 3 = 0 then 'KCP' else 'TOSSPAYMENTS' end, case when i % 5 = 0 then 'VIRTUAL_ACCOUNT' else 'CARD' end,
          case when i % 50 < 45 then 'PAID' when i % 50 < 49 then 'FAILED' else 'PENDING' end,
          ${now}::bigint - (i * 31536), ${now}::bigint - (i * 31536), ${now}::bigint - (i * 31536),
          case when i % 50 < 45 then ${now}::bigint - (i * 31536) + 1000 end, case when i % 50 between 45 and 48 then ${now}::bigint - (i * 31536) + 1000 end,
          (case i % 7 when 0 then 'Standing desk' when 1 then 'Desk lamp' when 2 then 'Office chair' when 3 then '책상 램프' when 4 then 'Monitor arm' when 5 then 'Notebook' else 'Coffee beans' end) || ' #' || i,
          'KRW', 1000 + (i % 97) * 500, case when i % 50 < 45 then 1000 + (i % 97) * 500 else 0 end,
          (case i % 6 when 0 then 'Lee Jiho' when 1 then '이지호' when 2 then 'Kim Minsu' when 3 then '박서연' when 4 then 'Choi Yuna' else 'Jung Hoon' end) || ' ' || (i % 1000),
          'user' || i || '@example.com', '010-' || lpad((i % 10000)::text, 4, '0') || '-' || lpad(((i * 7) % 10000)::text, 4, '0'), '{}', '{}',
          '424242******' || lpad((i % 10000)::text, 4, '0'), 'pg-' || i, case when i % 50 between 45 and 48 then (case i % 2 when 0 then 'CARD_DECLINED' else 'INSUFFICIENT_FUNDS' end) end, ${now}::bigint - (i * 31536)
        from generate_series(${from}::bigint, ${to}::bigint) i`.execute(db);
    }
    process.stdout.write(`\rseeded ${to.toLocaleString("en-US")} / ${ROWS.toLocaleString("en-US")} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  process.stdout.write("\n");
  await sql.raw(dialect() === "sqlite" ? "analyze" : "vacuum analyze transactions").execute(db);
  return now - ROWS * 31536;
}

async function time(label: string, runs: number, fn: () => Promise<unknown>) {
  await fn(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { label, p50: p(0.5), p95: p(0.95) };
}

async function main() {
  await migrateToLatest();
  const m = await createMerchant({ name: "Bench" });
  await seed(m.merchant_id, m.store_id);
  const ctx = { merchantId: m.merchant_id, storeId: m.store_id, storeLimited: false, hasHostingContract: false, origin: { platform_type: "PC", ip_address: "127.0.0.1" }, role: "OWNER", userId: "u", userName: "u", merchantName: "Bench", stores: [{ id: m.store_id, name: "Bench", is_default: 1 }] } as DashboardContext;
  const list = (q: Record<string, unknown>) => () => listDashboardPayments({ ctx, input: dashboardPaymentsQuery.parse(q) });
  const results = [
    await time("baseline: one payment by primary key", RUNS, () => getDb().selectFrom("transactions").selectAll().where("id", "=", "btx12345").executeTakeFirst()),
    await time("overview today", RUNS, () => getOverview(ctx, { range: "today", mode: "TEST", timeZone: "Asia/Seoul" })),
    await time("overview 7 days", RUNS, () => getOverview(ctx, { range: "7d", mode: "TEST", timeZone: "Asia/Seoul" })),
    await time("overview 30 days", RUNS, () => getOverview(ctx, { range: "30d", mode: "TEST", timeZone: "Asia/Seoul" })),
    await time('search "bench-123456" (payment id)', RUNS, list({ q: "bench-123456" })),
    await time('search "jiho 42" (name, 1 in 6 rows then number)', RUNS, list({ q: "jiho 42" })),
    await time('search "0042" (card last 4, also phone digits)', RUNS, list({ q: "0042" })),
    await time('search "user77777@" (e-mail)', RUNS, list({ q: "user77777@" })),
    await time('search "지호" (2 characters, word end)', RUNS, list({ q: "지호" })),
    await time('search "desk" (common word, 2 in 7 rows)', RUNS, list({ q: "desk" })),
    await time('palette "bench-98765"', RUNS, () => searchPalette({ ctx, input: { q: "bench-98765" } })),
  ];
  const base = results[0]!.p50;
  console.log(`\n${dialect()} · ${ROWS.toLocaleString("en-US")} payments · ${RUNS} runs each\n`);
  console.log("| query | p50 ms | p95 ms | p50 / baseline |\n|---|---|---|---|");
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.p50 / base).toFixed(0)}× |`);
  await getDb().destroy();
}

void main();
