/**
 * The caller's address as the server decided it: lib/ops/server.ts replaces X-Forwarded-For with
 * the one address it believes (lib/security/forwarded.ts: the socket's, or with TRUST_PROXY the
 * client's as reported by trusted proxies). Code behind it only ever reads that first entry.
 */
export function clientAddress(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
