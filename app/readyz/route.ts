import { readiness } from "@/lib/ops/health";

export const dynamic = "force-dynamic";

/** Readiness: 200 when ready, 503 with the failing checks otherwise. No authentication, no secrets. */
export async function GET() {
  const { ready, body } = await readiness();
  return Response.json(body, { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } });
}
