/**
 * The caller's address as the server decided it. `npm start` loads scripts/forwarded-headers.cjs
 * into the server process, which replaces X-Forwarded-For with the one address it believes:
 * the socket's, or with TRUST_PROXY the client's as reported by trusted proxies. Code behind it
 * only ever reads that first entry.
 */
export function clientAddress(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
