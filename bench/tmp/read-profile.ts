import { migrateToLatest } from "@/lib/db/migrations";
import { loginWithApiKey } from "@/lib/auth/tokens";
import { createMerchant } from "@/lib/tenancy/merchants";
import { cardPayBody } from "@/lib/testing/payments";
await migrateToLatest();
const m = await createMerchant({ name: "p", hosting: false });
const t = await loginWithApiKey(m.api_key);
const { POST } = await import("@/app/v2/payments/[payment_id]/instant/pay/route");
const r = await POST(new Request("http://localhost/v2/payments/p-1/instant/pay", { method: "POST", body: JSON.stringify(cardPayBody(m as never)), headers: { authorization: `Bearer ${t.accessToken}` } }), { params: Promise.resolve({ payment_id: "p-1" }) });
if (r.status !== 200) throw new Error(String(r.status));
const { GET } = await import("@/app/v2/payments/[payment_id]/route");
const N = Number(process.env.N ?? 5000);
for (let i = 0; i < 200; i++) await GET(new Request("http://localhost/v2/payments/p-1", { headers: { authorization: `Bearer ${t.accessToken}` } }), { params: Promise.resolve({ payment_id: "p-1" }) });
const started = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 0; i < N; i++) {
  const res = await GET(new Request("http://localhost/v2/payments/p-1", { headers: { authorization: `Bearer ${t.accessToken}` } }), { params: Promise.resolve({ payment_id: "p-1" }) });
  await res.text();
}
const cpu = process.cpuUsage(cpu0);
console.log("per request µs", (((performance.now() - started) / N) * 1000).toFixed(0), "cpu µs", ((cpu.user + cpu.system) / N).toFixed(0));
process.exit(0);
