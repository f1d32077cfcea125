/**
 * Cost of metrics (at most 3% of API throughput), in one process so nothing but
 * METRICS_TOKEN differs: the real route handlers (apiRoute: auth, parsing, the database read,
 * the access log) are called back to back, with metrics switched on and off in alternating short
 * slices (ABBA); while on, /metrics is scraped every second (database gauges included).
 * Two servers compared over HTTP differed by up to ±11% between two identical instances (JIT and
 * memory layout), more than the effect measured; one process removes that bias. Without Next's
 * own ~1.5 ms per request around the handlers, the ratio here overstates the cost.
 *   npx tsx bench/metrics-overhead.ts      (BENCH_PAIRS=60 BENCH_SLICE_MS=500 BENCH_CONCURRENCY=8)
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const pairs = Number(process.env.BENCH_PAIRS ?? 60);
const sliceMs = Number(process.env.BENCH_SLICE_MS ?? 500);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TOKEN = "bench-metrics-token";

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-metrics-"));
Object.assign(process.env, {
  DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
  DATA_DIR: dir,
  LOG_FILE: path.join(dir, "bench.log"),
  TOKEN_SIGNING_SECRET: "bench-signing-secret-0123456789",
});
const { migrateToLatest } = await import("@/lib/db/migrations/index");
const { createMerchant } = await import("@/lib/tenancy/create-merchant");
const channels = await import("@/app/v2/channels/route");
const payments = await import("@/app/v2/payments/route");
const billingKeys = await import("@/app/v2/billing-keys/route");
const metricsRoute = await import("@/app/metrics/route");

await migrateToLatest();
const merchant = await createMerchant({ name: "Bench" });
const auth = { authorization: `PortOne ${merchant.api_key}` };
const calls = [
  () => channels.GET(new Request("http://bench/v2/channels", { headers: auth })),
  () => payments.GET(new Request("http://bench/v2/payments?limit=10", { headers: auth })),
  () => billingKeys.GET(new Request("http://bench/v2/billing-keys", { headers: auth })),
];

/** Requests per second over one slice, with metrics on or off. */
async function slice(metricsOn: boolean): Promise<number> {
  if (metricsOn) process.env.METRICS_TOKEN = TOKEN;
  else delete process.env.METRICS_TOKEN;
  const scraper = metricsOn
    ? setInterval(
        () =>
          void metricsRoute
            .GET(new Request("http://bench/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }))
            .then((r) => r.text()),
        1000,
      )
    : undefined;
  let done = 0;
  const started = performance.now();
  const deadline = started + sliceMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i++) {
        const res = await calls[i % calls.length]!();
        await res.text();
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        done += 1;
      }
    }),
  );
  clearInterval(scraper);
  return done / ((performance.now() - started) / 1000);
}

// Warm-up, not counted: module loading and the JIT.
for (let i = 0; i < 6; i++) await slice(i % 2 === 0);

const ratios: number[] = [];
const totals = { on: 0, off: 0 };
for (let pair = 0; pair < pairs; pair++) {
  const order = pair % 2 === 0 ? [false, true] : [true, false];
  const rates: Record<string, number> = {};
  for (const on of order) rates[on ? "on" : "off"] = await slice(on);
  ratios.push(rates.on! / rates.off!);
  totals.on += rates.on!;
  totals.off += rates.off!;
}
ratios.sort((a, b) => a - b);
const quantile = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
console.log(
  `route handlers in process: metrics off ${(totals.off / pairs).toFixed(0)} req/s, on ${(totals.on / pairs).toFixed(0)} req/s (scraped every 1 s), ${pairs} pairs of ${sliceMs} ms slices`,
);
console.log(
  `on/off: median ${quantile(0.5).toFixed(3)} (quartiles ${quantile(0.25).toFixed(3)}–${quantile(0.75).toFixed(3)}), means ${(totals.on / totals.off).toFixed(3)}`,
);
const { closeDb } = await import("@/lib/db/client");
await closeDb();
