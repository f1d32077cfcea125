/**
 * Health, readiness with the in-app worker, metrics behind the
 * token, JSON logs, the API reference and its assets, as an operator's tools would see them.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpServer, type HttpServer, type ServerMerchant } from "@/lib/testing/http-server";
import { scratchDatabase, type ScratchDatabase } from "@/lib/testing/scratch-database";

const TOKEN = "operations-test-metrics-token";
// Beside the suite's other logs when scripts/test.sh collects them, so the log scan reads these too.
const logFile = path.join(
  process.env.LOG_FILE ? path.dirname(process.env.LOG_FILE) : mkdtempSync(path.join(os.tmpdir(), "ops-logs-")),
  `operations-${process.pid}.log`,
);

let scratch: ScratchDatabase;
let server: HttpServer;
let m: ServerMerchant;

beforeAll(async () => {
  scratch = await scratchDatabase("operations");
  server = await startHttpServer({
    port: 4503,
    databaseUrl: scratch.url,
    env: { METRICS_TOKEN: TOKEN, LOG_FILE: logFile },
  });
  m = await server.createMerchant();
});

afterAll(async () => {
  await server?.kill();
  await scratch?.drop();
});

describe("health and readiness", () => {
  it("/healthz and /readyz answer without authentication; the in-app worker's heartbeat counts", async () => {
    const health = await server.fetch("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const ready = await server.fetch("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ready",
      checks: { database: { ok: true }, migrations: { ok: true, pending: [] }, worker: { ok: true } },
    });
  });
});

describe("metrics", () => {
  it("needs the bearer token, then shows the requests just made by route template", async () => {
    expect((await server.fetch("/metrics")).status).toBe(401);
    const res = await server.fetch("/v2/payments/some-payment-id", {
      headers: { authorization: `Bearer ${m.accessToken}` },
    });
    expect(res.status).toBe(404);
    const scrape = await server.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/v2\/payments\/\[payment_id\]",status="404"\} [1-9]/m,
    );
    expect(text).toMatch(/^jobs_ready\{queue="schedule\.run"\} 0/m);
    expect(text).toMatch(/^payments_unsettled\{kind="transaction"\} \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).not.toContain("some-payment-id");
  });
});

describe("logs", () => {
  it("are JSON lines: the start, and an access line carrying the caller's request id", async () => {
    const requestId = `ops-http-${Date.now()}`;
    await server.fetch("/v2/channels", {
      headers: { authorization: `Bearer ${m.accessToken}`, "x-request-id": requestId },
    });
    // Lines are written asynchronously: the access line may land a moment after the answer.
    const read = () => {
      const text = readFileSync(logFile, "utf8");
      return text
        .slice(0, text.lastIndexOf("\n") + 1)
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    };
    let lines = read();
    for (let tries = 0; tries < 50 && !lines.some((l) => l.requestId === requestId); tries++) {
      await new Promise((r) => setTimeout(r, 50));
      lines = read();
    }
    expect(lines).toContainEqual(expect.objectContaining({ msg: "listening", level: "info" }));
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: "request",
        requestId,
        merchantId: m.merchant_id,
        route: "/v2/channels",
        status: 200,
      }),
    );
  });
});

describe("API reference", () => {
  it("/docs is an HTML page under a nonce CSP whose scripts come from this server", async () => {
    const page = await server.fetch("/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script src="([^"]+)" nonce="([^"]+)"><\/script>/g)];
    expect(scripts.map((s) => s[2])).toEqual([nonce, nonce]);
    expect(html).not.toMatch(/https?:\/\//);
    for (const [, src] of scripts) {
      const asset = await server.fetch(src!);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("content-type")).toContain("javascript");
    }
    const bundle = await server.fetch(scripts[0]![1]!);
    expect(bundle.headers.get("cache-control")).toContain("immutable");
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
  });
});
