/**
 * The production HTTP server: Next's request handler on a node:http server we own, so a
 * termination signal can drain it (what `next start` cannot: it exits 143 without stopping our
 * worker, and waits on a hung request forever).
 */
import { createServer, type ServerResponse } from "node:http";
import next from "next";
import { malformedPathAnswer } from "@/lib/api/malformed-path";
import { compileTrust, normaliseForwarded } from "@/lib/security/forwarded";
import { apiSecurityHeaders } from "@/lib/security/headers";
import { logger } from "./logger";

export type DrainResult = { abandoned: number };

export type NextHttpServer = {
  /** Stops accepting, lets in-flight requests finish until `deadline` (epoch ms), then cuts what is left. */
  drain(deadline: number): Promise<DrainResult>;
};

/** KEEP_ALIVE_TIMEOUT_MS: how long an idle keep-alive connection stays open (default 65 s). */
function keepAliveTimeoutMs(): number {
  const value = Number(process.env.KEEP_ALIVE_TIMEOUT_MS ?? 65_000);
  return Number.isInteger(value) && value > 0 ? value : 65_000;
}

export async function serveNext(options: { port: number; host: string }): Promise<NextHttpServer> {
  const app = next({ dev: false, hostname: options.host, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const inFlight = new Set<ServerResponse>();
  const trust = compileTrust();
  let draining = false;

  const server = createServer((req, res) => {
    // The one client address to believe (TRUST_PROXY), decided before Next sees the request.
    normaliseForwarded(req, trust);
    // A path Next cannot decode would be its plain-text 500: answer 400 in the API's envelope.
    const malformed = malformedPathAnswer(req.url ?? "/");
    if (malformed) {
      res
        .writeHead(malformed.status, { "content-type": malformed.contentType, ...apiSecurityHeaders() })
        .end(malformed.body);
      return;
    }
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    // Once draining, every answer tells keep-alive clients to reconnect (to another instance).
    if (draining) res.setHeader("connection", "close");
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error, url: req.url }, "request handler failed");
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end();
    });
  });
  // Node closes an idle keep-alive connection after 5 s. A client pool or reverse proxy that keeps
  // it longer (nginx and load balancers: 60 s; a client whose timers run late on a loaded machine)
  // can send its next request as the socket closes: no answer ("fetch failed", a proxy's 502).
  // Idle connections stay open longer than those, so the other side closes them first.
  server.keepAliveTimeout = keepAliveTimeoutMs();
  server.headersTimeout = server.keepAliveTimeout + 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });

  return {
    async drain(deadline) {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // close() drops idle keep-alive sockets once; sockets that go idle later are swept here.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        closed,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(deadline - Date.now(), 0)))),
      ]);
      clearInterval(sweep);
      clearTimeout(timer);
      const abandoned = inFlight.size;
      server.closeAllConnections();
      await closed;
      await app.close();
      return { abandoned };
    },
  };
}
