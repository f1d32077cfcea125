/**
 * Security headers, one source for the three places that attach them: next.config.ts (static
 * headers on every response, computed at build), proxy.ts (the per-request CSP of pages) and
 * the API handler (JSON responses). No imports and no I/O: the proxy runs on every page request.
 */

/** Headers that never depend on configuration: every response gets them. */
export const STATIC_SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/** Is the platform served over https (PUBLIC_URL, else NEXTAUTH_URL)? Decides HSTS. */
function servedOverHttps(): boolean {
  return /^https:\/\//i.test(process.env.PUBLIC_URL || process.env.NEXTAUTH_URL || "");
}

/** HSTS only when the public URL is https: over plain http it would be ignored, or lock out a local setup. */
export function transportHeaders(): Record<string, string> {
  return servedOverHttps() ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {};
}

/**
 * The pages' policy: scripts only with this request's nonce (Next puts it on its own scripts;
 * 'strict-dynamic' lets them load their chunks), nothing from other origins, no plugins, no
 * framing. Styles allow inline attributes and <style> tags (React style props, UI libraries):
 * CSS cannot run script, and a nonce there would void 'unsafe-inline'.
 */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(servedOverHttps() ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** JSON never needs to load anything or be framed. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const apiHeaders = new Map<boolean, Record<string, string>>();

/** What the API handler adds to every JSON response (built once per transport). */
export function apiSecurityHeaders(): Record<string, string> {
  const https = servedOverHttps();
  let headers = apiHeaders.get(https);
  if (!headers) {
    headers = {
      ...Object.fromEntries(STATIC_SECURITY_HEADERS.map((h) => [h.key, h.value])),
      "Content-Security-Policy": API_CSP,
      ...transportHeaders(),
    };
    apiHeaders.set(https, headers);
  }
  return headers;
}
