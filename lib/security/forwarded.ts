import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

export type Trust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY: which proxies' forwarded headers to believe (proxy-addr semantics).
 *   unset/false  none: the socket's address is the client
 *   true         every hop: the left-most X-Forwarded-For entry
 *   2            that many proxy hops in front of the server
 *   loopback,10.0.0.0/8   proxies at these addresses (names: loopback, linklocal, uniquelocal)
 */
export function compileTrust(setting = process.env.TRUST_PROXY): Trust {
  const value = (setting ?? "").trim();
  if (value === "" || value === "false") return () => false;
  if (value === "true") return () => true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(
    value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/**
 * Next keeps whatever X-Forwarded-For a client sends, so the server (lib/ops/server.ts) calls
 * this before Next sees a request: it leaves exactly one X-Forwarded-For entry, the address
 * `trust` lets us believe, drops X-Real-IP and Forwarded, and drops X-Forwarded-Proto/Host/Port
 * unless the socket peer is a trusted proxy. Everything after reads clientAddress().
 */
export function normaliseForwarded(req: IncomingMessage, trust: Trust): void {
  const peer = req.socket?.remoteAddress;
  const proxied = peer !== undefined && trust(peer, 0);
  const address = proxyaddr(req, trust);
  // Only what is there: most requests carry none of them, and this runs on every request.
  for (const name of ["x-forwarded-for", "x-real-ip", "forwarded"])
    if (req.headers[name] !== undefined) delete req.headers[name];
  if (!proxied)
    for (const name of ["x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"])
      if (req.headers[name] !== undefined) delete req.headers[name];
  if (address) req.headers["x-forwarded-for"] = address;
}
