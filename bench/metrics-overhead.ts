/**
 * Cost of /metrics (issue #19: at most 3% of API throughput). Starts two production servers from
 * the same build, identical but for METRICS_TOKEN, and loads them in alternating rounds (ABBA, so
 * drift on a shared machine falls on both), scraping /metrics every second on the one that has it.
 * Loopback only; bounded in time. Needs `npx next build` first.
 *   npx tsx bench/metrics-overhead.ts      (BENCH_ROUNDS=8 BENCH_SECONDS=5 BENCH_CONCURRENCY=8)
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startHttpServer, type HttpServer } from "@/lib/testing/http-server";

const pairs = Number(process.env.BENCH_PAIRS ?? 40);
const seconds = Number(process.env.BENCH_SECONDS ?? 1);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TOKEN = "bench-metrics-token";

type Variant = { name: "off" | "on"; server: HttpServer; apiKey: string; requests: number; elapsed: number };

async function start(name: Variant["name"], port: number): Promise<Variant> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-metrics-${name}-`));
  const server = await startHttpServer({
    port,
    databaseUrl: `file:${path.join(dir, "bench.db")}`,
    dataDir: dir,
    // The worker idles the same in both; keep it out of the comparison.
    env: { WORKER_IN_APP: "false", LOG_FILE: path.join(dir, "server.log"), ...(name === "on" ? { METRICS_TOKEN: TOKEN } : {}) },
  });
  const m = await server.createMerchant({ name: `Bench ${name}` });
  return { name, server, apiKey: m.api_key, requests: 0, elapsed: 0 };
}

async function load(v: Variant): Promise<number> {
  const headers = { authorization: `PortOne ${v.apiKey}` };
  const paths = ["/v2/channels", "/v2/payments?limit=10", "/v2/billing-keys"];
  let done = 0;
  const started = performance.now();
  const deadline = Date.now() + seconds * 1000;
  const scraper =
    v.name === "on"
      ? setInterval(() => void v.server.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.arrayBuffer()), 1000)
      : undefined;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; Date.now() < deadline; i++) {
        const res = await v.server.fetch(paths[i % paths.length]!, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${res.status} from ${paths[i % paths.length]}`);
        done += 1;
      }
    }),
  );
  clearInterval(scraper);
  const elapsed = (performance.now() - started) / 1000;
  v.requests += done;
  v.elapsed += elapsed;
  return done / elapsed;
}

const off = await start("off", Number(process.env.BENCH_PORT ?? 4590));
const on = await start("on", Number(process.env.BENCH_PORT ?? 4590) + 1);
try {
  // Five seconds on each first, not counted: route compilation and the JIT warm up.
  for (const v of [off, on]) for (let i = 0; i < 5; i++) await load(v);
  for (const v of [off, on]) Object.assign(v, { requests: 0, elapsed: 0 });
  const ratios: number[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 === 0 ? [off, on] : [on, off];
    const rates: Record<string, number> = {};
    for (const v of order) rates[v.name] = await load(v);
    ratios.push(rates.on! / rates.off!);
  }
  ratios.sort((a, b) => a - b);
  const quantile = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
  const rate = (v: Variant) => v.requests / v.elapsed;
  console.log(`metrics off: ${rate(off).toFixed(0)} req/s, on (scraped every 1 s): ${rate(on).toFixed(0)} req/s over ${pairs} pairs of ${seconds} s slices`);
  console.log(`on/off per pair: median ${quantile(0.5).toFixed(3)} (quartiles ${quantile(0.25).toFixed(3)}–${quantile(0.75).toFixed(3)}), totals ${(rate(on) / rate(off)).toFixed(3)}`);
} finally {
  await Promise.all([off.server.kill(), on.server.kill()]);
}
