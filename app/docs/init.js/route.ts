import { INIT_SCRIPT } from "@/lib/docs/reference-page";

export const dynamic = "force-dynamic";

export function GET() {
  return new Response(INIT_SCRIPT, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" },
  });
}
