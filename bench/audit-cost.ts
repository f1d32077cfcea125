/**
 * Cost of the audit log on the write path (issue #18: at most 10%). Since teams (#16) every payment
 * state change made through the API appends to the merchant's audit hash chain in the same DB
 * transaction (4 more statements, and the merchant's chain-head row lock until COMMIT). Measured in
 * one process so nothing else differs: the instant-pay verb is called BENCH_CONCURRENCY at a time
 * with an API-key caller (audited, as every API request is) and without one (nothing recorded, as
 * the worker's own transitions), in alternating slices (ABBA) after a warm-up; one merchant, as
 * the chain is per merchant. DATABASE_URL picks the database (a throwaway SQLite file by default).
 *   npx tsx bench/audit-cost.ts      (BENCH_PAIRS=20 BENCH_SLICE_MS=1000 BENCH_CONCURRENCY=10)
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const pairs = Number(process.env.BENCH_PAIRS ?? 20);
const sliceMs = Number(process.env.BENCH_SLICE_MS ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-audit-"));
process.env.DATABASE_URL ??= `file:${path.join(dir, "bench.db")}`;
Object.assign(process.env, { DATA_DIR: dir, LOG_FILE: path.join(dir, "bench.log") });
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { createMerchant } = await import("@/lib/tenancy/create-merchant");
const { instantPay } = await import("@/lib/payments/pay/instant-pay");
const { instantPayBody } = await import("@/lib/payments/schema");
const { runAsCaller } = await import("@/lib/audit/actor");
const { dialect, getDb, closeDb } = await import("@/lib/db/client");

await migrateToLatest();
const merchant = await createMerchant({ name: "Audit bench" });
const ctx = {
  merchantId: merchant.merchant_id,
  storeId: merchant.store_id,
  storeLimited: false,
  hasHostingContract: false,
  origin: { platform_type: "API" as const, ip_address: "127.0.0.1" },
};
const body = instantPayBody.parse({
  channel_key: merchant.channels.find((c) => c.pg_provider === "TOSSPAYMENTS")!.key,
  order_name: "Bench order",
  total_amount: 11000,
  currency: "KRW",
  payment_method_option: {
    card: {
      card_credential: {
        card_number: "4242424242424242",
        expiry_month: "12",
        expiry_year: "2099",
        birth_or_business_registration_number: "900101",
        password_two_digits: "12",
      },
      cvc: "123",
    },
  },
});
const actor = { type: "API_KEY" as const, id: "key_bench", name: "Bench (sk_bench…)", ip: "127.0.0.1" };
let seq = 0;

/** Payments per second over one slice, audited or not. */
async function slice(audited: boolean): Promise<number> {
  let done = 0;
  const started = performance.now();
  const deadline = started + sliceMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const pay = () => instantPay({ ctx, input: { ...body, payment_id: `audit-bench-${seq++}` } });
        await (audited ? runAsCaller({ actor, merchantId: ctx.merchantId }, pay) : pay());
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

for (let i = 0; i < 4; i++) await slice(i % 2 === 0); // warm-up: module loading, JIT, statement caches
const ratios: number[] = [];
const totals = { on: 0, off: 0 };
for (let pair = 0; pair < pairs; pair++) {
  const rates: Record<string, number> = {};
  for (const on of pair % 2 === 0 ? [false, true] : [true, false]) rates[on ? "on" : "off"] = await slice(on);
  ratios.push(rates.on! / rates.off!);
  totals.on += rates.on!;
  totals.off += rates.off!;
}
ratios.sort((a, b) => a - b);
const quantile = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
const entries = await getDb()
  .selectFrom("audit_log")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .where("merchant_id", "=", ctx.merchantId)
  .executeTakeFirstOrThrow();
console.log(
  `\n${dialect()} · instant pay in process, ${concurrency} at a time · ${pairs} pairs of ${sliceMs} ms slices · ${Number(entries.n).toLocaleString("en-US")} audit entries written\n`,
);
console.log(
  "| database | not audited: payments/s | audited: payments/s | audited / not, median of pairs (quartiles) | means |\n|---|---|---|---|---|",
);
console.log(
  `| ${dialect()} | ${(totals.off / pairs).toFixed(0)} | ${(totals.on / pairs).toFixed(0)} | **${quantile(0.5).toFixed(3)}** (${quantile(0.25).toFixed(3)}–${quantile(0.75).toFixed(3)}) | ${(totals.on / totals.off).toFixed(3)} |`,
);
await closeDb();
