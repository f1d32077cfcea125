/**
 * A payment's own CPU, in process (no HTTP, no Next): POST …/instant/pay's route handler called
 * BENCH_CONCURRENCY (10) at a time, in alternating slices (ABBA) of BENCH_SLICE_MS (1000) with and
 * without an Idempotency-Key, BENCH_PAIRS (10) pairs after a warm-up, on DATABASE_URL (a throwaway
 * SQLite file by default). Prints per payment: this process's CPU, PostgreSQL's (its cluster's
 * processes), statements and durable commits, and the key's share of a payment's CPU. CPU per
 * payment moves much less with the machine's load than throughput, so it is the figure to compare
 * (before and after a change: run it in both checkouts). BENCH_PAY=billing-key measures
 * POST …/billing-key/pay instead (a key issued once, then charged).
 *   npx tsx bench/pay-cost.ts
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { postgresClusterSeconds, postmasterPid } from "./lib/process-cpu";
import { cardPayment, TEST_CARD_CREDENTIAL } from "./lib/test-card";

const pairs = Number(process.env.BENCH_PAIRS ?? 10);
const sliceMs = Number(process.env.BENCH_SLICE_MS ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-pay-"));
process.env.DATABASE_URL ??= `file:${path.join(dir, "bench.db")}`;
Object.assign(process.env, { DATA_DIR: dir, LOG_FILE: path.join(dir, "bench.log"), NODE_ENV: "production" });
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { dialect, getDb, closeDb } = await import("@/lib/db/client");
const { sql } = await import("kysely");
const { commitsExecuted, statementsExecuted } = await import("@/lib/db/statement-cache");
const { createMerchant } = await import("@/lib/tenancy/create-merchant");
const { loginWithApiKey } = await import("@/lib/auth/tokens");
const billingKeyPay = process.env.BENCH_PAY === "billing-key";
const pay = billingKeyPay
  ? await import("@/app/v2/payments/[payment_id]/billing-key/pay/route")
  : await import("@/app/v2/payments/[payment_id]/instant/pay/route");
const payPath = billingKeyPay ? "billing-key/pay" : "instant/pay";

await migrateToLatest();
const merchant = await createMerchant({ name: "Pay bench" });
const { accessToken } = await loginWithApiKey(merchant.api_key);
const channelKey = merchant.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key;
const body = JSON.stringify(billingKeyPay ? await billingKeyPayment() : cardPayment(channelKey));

/** A billing key issued on the test card, and a charge on it. */
async function billingKeyPayment() {
  const issue = await import("@/app/v2/billing-keys/route");
  const res = await issue.POST(
    new Request("http://localhost/v2/billing-keys", {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        channel_key: channelKey,
        payment_method_option: { card: { card_credential: TEST_CARD_CREDENTIAL } },
      }),
    }),
  );
  if (res.status !== 200) throw new Error(`billing key: ${res.status} ${await res.text()}`);
  const { billing_key } = (await res.json()) as { billing_key: string };
  return { billing_key, order_name: "Bench order", total_amount: 11000, currency: "KRW" };
}
const run = `${Date.now().toString(36)}`;
let seq = 0;

const postmaster =
  dialect() === "postgres"
    ? postmasterPid(
        (await sql<{ d: string }>`select current_setting('data_directory') as d`.execute(getDb())).rows[0]!.d,
      )
    : -1;
function cpu(): { app: number; pg: number } {
  const usage = process.cpuUsage();
  return { app: (usage.user + usage.system) / 1e6, pg: postmaster > 0 ? postgresClusterSeconds(postmaster) : 0 };
}

async function payOnce(keyed: boolean): Promise<void> {
  const id = `pay-bench-${run}-${seq++}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${accessToken}`,
    "content-type": "application/json",
  };
  if (keyed) headers["idempotency-key"] = id;
  const res = await pay.POST(
    new Request(`http://localhost/v2/payments/${id}/${payPath}`, { method: "POST", headers, body }),
    { params: Promise.resolve({ payment_id: id }) },
  );
  if (res.status !== 200) throw new Error(`pay: ${res.status} ${await res.text()}`);
  await res.text();
}

type Cost = { payments: number; app: number; pg: number; statements: number; commits: number };
const costs: Record<"keyed" | "plain", Cost> = {
  keyed: { payments: 0, app: 0, pg: 0, statements: 0, commits: 0 },
  plain: { payments: 0, app: 0, pg: 0, statements: 0, commits: 0 },
};

async function slice(keyed: boolean, counted = true): Promise<number> {
  let done = 0;
  const from = cpu();
  const [statementsFrom, commitsFrom] = [statementsExecuted(), commitsExecuted()];
  const deadline = performance.now() + sliceMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await payOnce(keyed);
        done += 1;
      }
    }),
  );
  const to = cpu();
  if (counted) {
    const c = costs[keyed ? "keyed" : "plain"];
    c.payments += done;
    c.app += to.app - from.app;
    c.pg += to.pg - from.pg;
    c.statements += statementsExecuted() - statementsFrom;
    c.commits += commitsExecuted() - commitsFrom;
  }
  return (to.app - from.app + to.pg - from.pg) / done;
}

for (let i = 0; i < 4; i++) await slice(i % 2 === 0, false); // warm-up: JIT, statement caches
const shares: number[] = [];
for (let pair = 0; pair < pairs; pair++) {
  const perPayment: Record<string, number> = {};
  for (const keyed of pair % 2 === 0 ? [false, true] : [true, false])
    perPayment[keyed ? "keyed" : "plain"] = await slice(keyed);
  shares.push(perPayment.keyed! / perPayment.plain! - 1);
}
const median = [...shares].sort((a, b) => a - b)[Math.floor(shares.length / 2)]!;
const per = (c: Cost) =>
  `| ${((c.app / c.payments) * 1e6).toFixed(0)} | ${((c.pg / c.payments) * 1e6).toFixed(0)} | ${(c.statements / c.payments).toFixed(2)} | ${(c.commits / c.payments).toFixed(2)} |`;
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(
  `\n${dialect()} · ${billingKeyPay ? "billing-key" : "instant"} pay's route handler in process, ${concurrency} at a time · ${pairs} pairs of ${sliceMs} ms slices · load ${load}\n`,
);
console.log("| payment | app CPU µs | database CPU µs | statements | durable commits |\n|---|---|---|---|---|");
console.log(`| without Idempotency-Key ${per(costs.plain)}`);
console.log(`| with Idempotency-Key ${per(costs.keyed)}`);
console.log(
  `\nThe key's share of a payment's CPU (app + database), median of pairs: **${(median * 100).toFixed(1)} %**`,
);
await closeDb();
process.exit(0);
