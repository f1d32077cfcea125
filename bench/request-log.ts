import { measure, type Target } from "./measure";

/**
 * The API request log's cost: the same production build started twice, with REQUEST_LOG=false
 * (baseline) and with the log on, measured in alternating rounds in one run so machine noise hits
 * both alike. Reports requests/s per endpoint and the ratio on/off.
 *   BENCH_OFF_URL=… BENCH_OFF_KEY=… BENCH_ON_URL=… BENCH_ON_KEY=… npx tsx bench/request-log.ts
 * (bench/request-log.sh starts both servers.)
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const CARD = {
  card: {
    card_credential: {
      card_number: "4242424242424242",
      expiry_month: "12",
      expiry_year: "2099",
      birth_or_business_registration_number: "900101",
      password_two_digits: "12",
    },
  },
};

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

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

const off = await targetsFor(process.env.BENCH_OFF_URL!, process.env.BENCH_OFF_KEY!);
const on = await targetsFor(process.env.BENCH_ON_URL!, process.env.BENCH_ON_KEY!);
for (const t of [...off, ...on]) for (let i = 0; i < 50; i++) await (await t.request()).arrayBuffer();

const totals = new Map<string, { off: number; on: number; offErrors: number; onErrors: number; ratios: number[] }>();
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
    for (const [which, target] of pair as ["off" | "on", Target][]) {
      const r = await measure(target, seconds, concurrency);
      const row = totals.get(target.name) ?? { off: 0, on: 0, offErrors: 0, onErrors: 0, ratios: [] };
      row[which] += r.rps;
      row[which === "off" ? "offErrors" : "onErrors"] += r.errors;
      totals.set(target.name, row);
      rps[which] = r.rps;
    }
    // Each round's pair ran back to back: its ratio meets nearly the same machine load.
    totals.get(off[i]!.name)!.ratios.push(rps.on / rps.off);
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
