import { NextResponse, type NextRequest } from "next/server";
import { pageCsp, transportHeaders } from "@/lib/security/headers";

/**
 * Pages only (see the matcher): a fresh nonce per request, in the CSP Next reads to nonce its own
 * scripts and in `x-nonce` for components that add inline scripts. No I/O here.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = pageCsp(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  for (const [key, value] of Object.entries(transportHeaders())) response.headers.set(key, value);
  return response;
}

export const config = {
  matcher: [
    {
      // Everything but the JSON API (apiRoute adds its headers), next-auth and static files.
      source:
        "/((?!v2/|v2$|login/api-key|identity-verifications|openapi\\.json|api/|_next/static|_next/image|favicon\\.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
