/**
 * The hosting company's views and the customer view at scale: BENCH_ROWS (default 1,000,000)
 * payments of one hosting merchant's four stores (the bulk seeder, bench/lib/seed-payments.ts), then
 * the all-stores view (every store's volume, count, approval rate, refunds and onboarding), one
 * store's figures page, the dashboard's customer view, GET /v2/customers/{id} and a customer search,
 * each through its verb, BENCH_RUNS (20) times after the warm-up. BENCH_PART=customers (or stores)
 * measures that part only (the seeding is the same):
 *   npx tsx bench/hosting-views.ts      (a throwaway SQLite file; DATABASE_URL=postgres://… for PostgreSQL)
 * BENCH_KEEP=1 keeps a seeded database (DATABASE_URL) and reuses it on the next run, new migrations
 * applied; BENCH_READS=<regex> times only the reads whose label matches (the baseline always runs).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DAY, HOUR } from "@/lib/time";
import { time, timingTable, type Timing } from "./lib/timing";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const KEEP = process.env.BENCH_KEEP === "1";
const READS = new RegExp(process.env.BENCH_READS ?? "");
const PART = process.env.BENCH_PART ?? "all";
if (!["all", "stores", "customers"].includes(PART))
  throw new Error(`BENCH_PART: all, stores or customers, not ${PART}`);

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-hosting-"));
process.env.DATABASE_URL ??= `file:${path.join(dir, "bench.db")}`;
Object.assign(process.env, { DATA_DIR: process.env.DATA_DIR ?? dir, LOG_FILE: path.join(dir, "bench.log") });
const { sql } = await import("kysely");
const { dialect, getDb, closeDb } = await import("@/lib/db/client");
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { foldPaymentCountDeltas } = await import("@/lib/payments/read/repository/count-fold");
const { seedPayments } = await import("./lib/seed-payments");
const { listStoreVolumes, getStoreKpis } = await import("@/lib/stores/store-volumes");
const { storeTotals } = await import("@/lib/stores/repository/volume-totals");
const { getCustomer } = await import("@/lib/customers/get-customer");
const { readCustomer } = await import("@/lib/customers/read-customer");
const { listCustomers } = await import("@/lib/customers/list-customers");
const { findStoreCustomers } = await import("@/lib/customers/repository");

await migrateToLatest();
const seedStarted = performance.now();
const reused = KEEP ? await seededBefore() : undefined;
const seeded = reused ?? (await seed());
const seeding = reused ? "reused" : `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`;

const mainStore = seeded.storeIds[0]!;
const ctx = {
  merchantId: seeded.merchantId,
  storeId: mainStore,
  storeLimited: false,
  hasHostingContract: true,
  origin: { platform_type: "PC" as const, ip_address: "127.0.0.1" },
  stores: seeded.storeIds.map((id, i) => ({ id, name: `Store ${i}`, is_default: i === 0 ? 1 : 0 })),
};
// The main store's customer with the most payments: the heaviest customer view.
const busiest = await getDb()
  .selectFrom("transactions")
  .select((eb) => ["customer_id", eb.fn.countAll().as("n")])
  .where("store_id", "=", mainStore)
  .where("customer_id", "is not", null)
  .groupBy("customer_id")
  .orderBy("n", "desc")
  .limit(1)
  .executeTakeFirstOrThrow();
const customerId = busiest.customer_id!;
const contact = await getDb()
  .selectFrom("transactions")
  .select(["customer_name", "customer_phone"])
  .where("store_id", "=", mainStore)
  .where("customer_id", "=", customerId)
  .limit(1)
  .executeTakeFirstOrThrow();

const results: Timing[] = [];
const run = async (label: string, fn: () => Promise<unknown>) => {
  if (results.length === 0 || READS.test(label)) results.push(await time(label, RUNS, fn));
};
const volumes = (period: "7d" | "30d" | "90d") => () =>
  listStoreVolumes({ ctx, input: { period, mode: "LIVE", sort: "volume", desc: true } });
await run("baseline: one payment by primary key", () =>
  getDb().selectFrom("transactions").selectAll().where("store_id", "=", mainStore).limit(1).executeTakeFirst(),
);
if (PART !== "customers") {
  await run("all-stores view, 4 stores, 30 days", volumes("30d"));
  await run("all-stores view, 4 stores, 90 days", volumes("90d"));
  await run("one store's figures page, 30 days (+ the 30 before)", () =>
    getStoreKpis({ ctx, input: { storeId: mainStore, period: "30d", mode: "LIVE" } }),
  );
  // No period of the view is longer than 90 days; a year shows what a longer one would cost.
  await run("every store's figures over a year (storeTotals)", () => {
    const end = Date.now();
    const start = Math.floor((end - 365 * DAY) / HOUR) * HOUR;
    return storeTotals({ storeIds: seeded.storeIds, mode: "LIVE", start, end });
  });
}
if (PART !== "stores") {
  await run(`customer view (dashboard), ${busiest.n} attempts`, () => getCustomer({ ctx, input: { customerId } }));
  await run("GET /v2/customers/{id}", () => readCustomer({ ctx, input: { customer_id: customerId } }));
  await run("GET /v2/customers (first page, no search)", () => listCustomers({ ctx, input: { page: 0, limit: 20 } }));
  await run("GET /v2/customers?q=<phone with dashes>", () =>
    listCustomers({
      ctx,
      input: { q: contact.customer_phone!.replace(/^(\d{3})(\d{4})/, "$1-$2-"), page: 0, limit: 20 },
    }),
  );
  await run("GET /v2/customers?q=<full name>", () =>
    listCustomers({ ctx, input: { q: contact.customer_name!, page: 0, limit: 20 } }),
  );
  await run("GET /v2/customers?q=<given name, 2 characters>", () =>
    listCustomers({ ctx, input: { q: [...contact.customer_name!].slice(-2).join(""), page: 0, limit: 20 } }),
  );
  await run("⌘K palette customers, a full name, 4 stores", () =>
    findStoreCustomers(seeded.merchantId, seeded.storeIds, contact.customer_name!, 4),
  );
}

const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");
console.log(
  `\n${dialect()} · ${ROWS.toLocaleString("en-US")} payments of 4 stores · ${seeding} · ${RUNS} runs each · load ${load}\n`,
);
console.log(timingTable(results));
await closeDb();
rmSync(dir, { recursive: true, force: true });

async function seed() {
  const seeded = await seedPayments(ROWS, { log: (line) => console.log(line) });
  while ((await foldPaymentCountDeltas()) > 0);
  await sql.raw(dialect() === "sqlite" ? "analyze" : "vacuum analyze").execute(getDb());
  return seeded;
}

/** The bench merchant of an earlier BENCH_KEEP run, its stores busiest first (as seeded). */
async function seededBefore() {
  const merchant = await getDb()
    .selectFrom("merchants")
    .select("id")
    .where("name", "=", "Bench merchant")
    .executeTakeFirst();
  if (!merchant) return undefined;
  const stores = await getDb()
    .selectFrom("transactions")
    .select((eb) => ["store_id", eb.fn.countAll().as("n")])
    .where("merchant_id", "=", merchant.id)
    .groupBy("store_id")
    .orderBy("n", "desc")
    .execute();
  console.log("reusing the seeded database");
  return { merchantId: merchant.id, storeIds: stores.map((s) => s.store_id) };
}
