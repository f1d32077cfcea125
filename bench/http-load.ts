export {};

/**
 * Load benchmark against a running production server: fixed concurrency for a fixed time per
 * endpoint, reporting requests/s and latency percentiles. Traffic goes to loopback only.
 *   BENCH_URL=http://127.0.0.1:3000 BENCH_API_KEY=sk_… npx tsx bench/http-load.ts
 * (bench/run.sh starts a server on a temp database and runs this.)
 */
const base = process.env.BENCH_URL ?? "http://127.0.0.1:3000";
const apiKey = process.env.BENCH_API_KEY!;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

type Target = { name: string; request: () => Promise<Response> };

async function measure(target: Target) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const start = performance.now();
        const res = await target.request();
        await res.arrayBuffer();
        if (!res.ok) errors += 1;
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  return { endpoint: target.name, rps: Math.round(latencies.length / seconds), p50_ms: pct(50), p99_ms: pct(99), errors };
}

const login = await fetch(`${base}/login/api-key`, { method: "POST", body: JSON.stringify({ apiKey }) });
const { accessToken } = (await login.json()) as { accessToken: string };
const auth = { authorization: `Bearer ${accessToken}` };

const targets: Target[] = [
    { name: "POST /login/api-key", request: () => fetch(`${base}/login/api-key`, { method: "POST", body: JSON.stringify({ apiKey }) }) },
  { name: "GET /v2/channels (Bearer)", request: () => fetch(`${base}/v2/channels`, { headers: auth }) },
  { name: "GET /v2/channels (PortOne api key)", request: () => fetch(`${base}/v2/channels`, { headers: { authorization: `PortOne ${apiKey}` } }) },
];
for (const extra of (process.env.BENCH_PATHS ?? "").split(",").filter(Boolean)) {
  targets.push({ name: `GET ${extra} (Bearer)`, request: () => fetch(`${base}${extra}`, { headers: auth }) });
}

// Warm every route first (Next compiles and caches route modules on first use).
for (const target of targets) for (let i = 0; i < 50; i++) await (await target.request()).arrayBuffer();
const rows = [];
for (const target of targets) rows.push(await measure(target));
console.table(rows);
