import { measure, type Target } from "./measure";

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
for (const target of targets) rows.push(await measure(target, seconds, concurrency));
console.table(rows);
