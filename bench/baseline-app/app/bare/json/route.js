export const dynamic = "force-dynamic";

/** A route handler answering JSON: Next's own per-request cost. */
export function GET() {
  return Response.json({ ok: true });
}
