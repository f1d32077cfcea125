import { liveness } from "@/lib/ops/health";

export const dynamic = "force-dynamic";

/** Liveness: no authentication, no secrets. */
export function GET() {
  return Response.json(liveness(), { headers: { "cache-control": "no-store" } });
}
