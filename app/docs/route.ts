import { pageNonce, referencePageHtml, referencePagePolicy } from "@/lib/docs/reference-page";

export const dynamic = "force-dynamic";

/** The API reference page (Scalar over /openapi.json). Public, like /openapi.json. */
export function GET(request: Request) {
  const nonce = pageNonce(request);
  return new Response(referencePageHtml(nonce), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": referencePagePolicy(nonce),
      "cache-control": "no-store",
    },
  });
}
