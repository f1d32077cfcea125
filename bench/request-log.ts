import { readdirSync, readFileSync } from "node:fs";
import { TEST_CARD_CREDENTIAL } from "./lib/test-card";
import { measure, type Target } from "./measure";

/**
 * The API request log's cost: the same production build started twice, with REQUEST_LOG=false
 * (baseline) and with the log on, measured in alternating rounds in one run so machine noise hits
 * both alike. Reports requests/s per endpoint and the ratio on/off.
 *   BENCH_OFF_URL=… BENCH_OFF_KEY=… BENCH_ON_URL=… BENCH_ON_KEY=… npx tsx bench/request-log.ts
 * (bench/request-log.sh starts both servers.)
 * With BENCH_OFF_PGID / BENCH_ON_PGID (the servers' process groups, set by request-log.sh) it also
 * reports CPU time per request of each server, read from /proc around every measured run: less
 * sensitive than throughput to other work on a shared machine, and the log's own work (capture,
 * redaction, the batched INSERT) is CPU the "on" server spends and the "off" one does not.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const CARD = { card: { card_credential: TEST_CARD_CREDENTIAL } };

async function targetsFor(base: string, apiKey: string): Promise<Target[]> {
  const auth = { authorization: `PortOne ${apiKey}`, "content-type": "application/json" };
  const channels = (await (await fetch(`${base}/v2/channels`, { headers: auth })).json()) as {
    channels?: { key: string; pg_provider: string }[];
  };
  const channelKey = channels.channels?.find((c) => c.pg_provider === "TOSSPAYMENTS")?.key ?? "";
  return [
    { name: "GET /v2/payments?limit=10", request: () => fetch(`${base}/v2/payments?limit=10`, { headers: auth }) },
    {
      name: "POST /v2/billing-keys (card body, redacted)",
      request: () =>
        fetch(`${base}/v2/billing-keys`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ channel_key: channelKey, payment_method_option: CARD }),
        }),
    },
  ];
}

const TICK_MS = 1000 / Number(process.env.BENCH_CLK_TCK ?? 100);

/** CPU time (user + system, ms) of every live process in a process group, from /proc. */
function groupCpuMs(pgid: number | undefined): number {
  if (!pgid) return Number.NaN;
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // Fields after the command name (which may hold spaces): state ppid pgrp … utime(14) stime(15).
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks * TICK_MS;
}
const pgids = {
  off: Number(process.env.BENCH_OFF_PGID) || undefined,
  on: Number(process.env.BENCH_ON_PGID) || undefined,
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

const off = await targetsFor(process.env.BENCH_OFF_URL!, process.env.BENCH_OFF_KEY!);
const on = await targetsFor(process.env.BENCH_ON_URL!, process.env.BENCH_ON_KEY!);
for (const t of [...off, ...on]) for (let i = 0; i < 50; i++) await (await t.request()).arrayBuffer();

type Totals = {
  off: number;
  on: number;
  offErrors: number;
  onErrors: number;
  ratios: number[];
  cpu: { off: number; on: number; offRequests: number; onRequests: number; ratios: number[] };
};
const totals = new Map<string, Totals>();
const cpuAtStart = { off: groupCpuMs(pgids.off), on: groupCpuMs(pgids.on) };
const served = { off: 0, on: 0 };
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < off.length; i++) {
    // Alternate which server goes first, so neither always meets a warmer or colder machine.
    const pair =
      round % 2 === 0
        ? [
            ["off", off[i]!],
            ["on", on[i]!],
          ]
        : [
            ["on", on[i]!],
            ["off", off[i]!],
          ];
    const rps = { off: 0, on: 0 };
    const cpuPerRequest = { off: 0, on: 0 };
    for (const [which, target] of pair as ["off" | "on", Target][]) {
      const cpuBefore = groupCpuMs(pgids[which]);
      const r = await measure(target, seconds, concurrency);
      const cpuMs = groupCpuMs(pgids[which]) - cpuBefore;
      const row = totals.get(target.name) ?? {
        off: 0,
        on: 0,
        offErrors: 0,
        onErrors: 0,
        ratios: [],
        cpu: { off: 0, on: 0, offRequests: 0, onRequests: 0, ratios: [] },
      };
      row[which] += r.rps;
      row[which === "off" ? "offErrors" : "onErrors"] += r.errors;
      row.cpu[which] += cpuMs;
      row.cpu[which === "off" ? "offRequests" : "onRequests"] += r.requests;
      served[which] += r.requests;
      totals.set(target.name, row);
      rps[which] = r.rps;
      cpuPerRequest[which] = cpuMs / r.requests;
    }
    // Each round's pair ran back to back: its ratio meets nearly the same machine load.
    totals.get(off[i]!.name)!.ratios.push(rps.on / rps.off);
    totals.get(off[i]!.name)!.cpu.ratios.push(cpuPerRequest.on / cpuPerRequest.off);
  }
}
console.table(
  [...totals].map(([endpoint, r]) => ({
    endpoint,
    "log off req/s": Math.round(r.off / rounds),
    "log on req/s": Math.round(r.on / rounds),
    "on / off": (r.on / r.off).toFixed(3),
    "median round on / off": median(r.ratios).toFixed(3),
    "round ratios": r.ratios.map((x) => x.toFixed(2)).join(" "),
    errors: r.offErrors + r.onErrors,
  })),
);
if (pgids.off && pgids.on) {
  // The last batch of the log is written up to REQUEST_LOG_FLUSH_MS (2 s) after its requests.
  await new Promise((r) => setTimeout(r, 3000));
  const all = { off: groupCpuMs(pgids.off) - cpuAtStart.off, on: groupCpuMs(pgids.on) - cpuAtStart.on };
  const us = (ms: number, n: number) => Math.round((ms / n) * 1000);
  console.log("\nServer CPU time per request (user + system, /proc; ms resolution 10):");
  console.table([
    ...[...totals].map(([endpoint, r]) => ({
      endpoint,
      "log off µs/req": us(r.cpu.off, r.cpu.offRequests),
      "log on µs/req": us(r.cpu.on, r.cpu.onRequests),
      "on / off": (r.cpu.on / r.cpu.onRequests / (r.cpu.off / r.cpu.offRequests)).toFixed(3),
      "median round on / off": median(r.cpu.ratios).toFixed(3),
      "round ratios": r.cpu.ratios.map((x) => x.toFixed(2)).join(" "),
    })),
    {
      endpoint: "all requests, incl. the last flush",
      "log off µs/req": us(all.off, served.off),
      "log on µs/req": us(all.on, served.on),
      "on / off": (all.on / served.on / (all.off / served.off)).toFixed(3),
      "median round on / off": "",
      "round ratios": "",
    },
  ]);
}
