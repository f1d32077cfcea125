/**
 * A standalone worker (`npm run worker`) serves no API, so with METRICS_PORT set it answers
 * GET /metrics (its own counters: jobs run, provider calls, webhook attempts; database-wide
 * gauges come from the web app) and GET /healthz (200 while its poll loop is alive).
 */
import { createServer, type Server } from "node:http";
import { heartbeatStaleMs } from "./health";
import { workerHeartbeatAt } from "./heartbeat";
import { scrapeMetrics } from "./scrape";

async function answer(path: string, headers: Headers): Promise<Response> {
  if (path === "/metrics") return scrapeMetrics(new Request("http://worker/metrics", { headers }), { database: false });
  if (path === "/healthz") {
    const at = workerHeartbeatAt();
    const alive = at !== undefined && Date.now() - at <= heartbeatStaleMs();
    return Response.json(
      { status: alive ? "ok" : "stalled", last_poll_ms_ago: at === undefined ? null : Date.now() - at },
      { status: alive ? 200 : 503 },
    );
  }
  return new Response("not found\n", { status: 404 });
}

export async function serveWorkerEndpoints(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    void answer(new URL(req.url ?? "/", "http://worker").pathname, headers)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => {
        res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
