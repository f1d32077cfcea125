/**
 * The read's own CPU, in process (no HTTP, no Next): GET /v2/payments/{id}'s route handler called
 * BENCH_CALLS times, 10 at a time, on DATABASE_URL; prints µs of process CPU per read. With
 * `node --cpu-prof --import tsx` it gives a profile of our code alone.
 */
import { cardPayment } from "./lib/test-card";

(process.env as Record<string, string>).NODE_ENV = "production";
const calls = Number(process.env.BENCH_CALLS ?? 20000);
const { migrateToLatest } = await import("@/lib/db/migrations/index");
await migrateToLatest();
const { createMerchant } = await import("@/lib/tenancy/create-merchant");
const { loginWithApiKey } = await import("@/lib/auth/tokens");
const pay = await import("@/app/v2/payments/[payment_id]/instant/pay/route");
const read = await import("@/app/v2/payments/[payment_id]/route");
const merchant = await createMerchant({ name: "Bench", hosting: false });
const { accessToken } = await loginWithApiKey(merchant.api_key);
const channelKey = merchant.channels.find((c: { pg_provider: string }) => c.pg_provider === "TOSSPAYMENTS")!.key;
const auth = { authorization: `Bearer ${accessToken}` };
const paid = await pay.POST(
  new Request("http://localhost/v2/payments/bench-read/instant/pay", {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify(cardPayment(channelKey)),
  }),
  { params: Promise.resolve({ payment_id: "bench-read" }) },
);
if (paid.status !== 200) throw new Error(`could not pay: ${paid.status} ${await paid.text()}`);
const once = async () => {
  const res = await read.GET(new Request("http://localhost/v2/payments/bench-read", { headers: auth }), {
    params: Promise.resolve({ payment_id: "bench-read" }),
  });
  if (res.status !== 200) throw new Error(`read: ${res.status}`);
  await res.text();
};
const run = async (n: number) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next++ < n) await once();
    }),
  );
};
await run(2000); // warm-up (JIT)
const cpu = process.cpuUsage();
const started = performance.now();
await run(calls);
const used = process.cpuUsage(cpu);
const wall = performance.now() - started;
console.error(
  `read in process: ${calls} reads, ${((used.user + used.system) / calls) | 0} µs CPU per read, ${((wall * 1000) / calls) | 0} µs wall`,
);
process.exit(0);
