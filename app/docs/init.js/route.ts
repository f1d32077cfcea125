import { initScript } from "@/lib/docs/reference-page";
import { isLocale } from "@/lib/i18n/dictionary";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  const asked = new URL(request.url).searchParams.get("lang");
  return new Response(initScript(isLocale(asked) ? asked : "en"), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" },
  });
}
