import { isLocale } from "@/lib/i18n/dictionary";
import { getLocale } from "@/lib/i18n/server";
import { pageNonce, referencePageHtml, referencePagePolicy } from "@/lib/docs/reference-page";

export const dynamic = "force-dynamic";

/** The API reference page (Scalar over /openapi.json), in the reader's language (`?lang=` overrides). Public, like /openapi.json. */
export async function GET(request: Request) {
  const nonce = pageNonce(request);
  const asked = new URL(request.url).searchParams.get("lang");
  const locale = isLocale(asked) ? asked : await getLocale();
  return new Response(referencePageHtml(nonce, locale), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": referencePagePolicy(nonce),
      "cache-control": "no-store",
    },
  });
}
