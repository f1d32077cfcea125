import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_STORED_BODY, sendWebhookRequest } from "./send";

/** A receiver on 127.0.0.1 answering 200 with a large body (a metadata service, a big page). */
let server: http.Server;
let url = "";
let hits = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    req.resume();
    res.writeHead(200, { "content-type": "text/plain" }).end("é".repeat(50_000));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/latest/meta-data`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const saved = process.env.WEBHOOK_ALLOW_PRIVATE;
afterEach(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = saved;
});

describe("sendWebhookRequest", () => {
  it("never connects to a loopback address unless WEBHOOK_ALLOW_PRIVATE=true (a worker has no NODE_ENV)", async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    const before = hits;
    const result = await sendWebhookRequest(url, {}, "{}", 5_000);
    expect(result).toMatchObject({ kind: "no_response", permanent: true });
    expect(hits).toBe(before);
  });

  it("keeps only a short, truncated start of the response body", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    const result = await sendWebhookRequest(url, {}, "{}", 5_000);
    expect(result.kind).toBe("response");
    if (result.kind !== "response") return;
    expect(result.code).toBe(200);
    expect(Buffer.byteLength(result.body)).toBeLessThanOrEqual(MAX_STORED_BODY);
    expect(result.body.length).toBeGreaterThan(100);
    expect(result.body).toMatch(/^é+$/);
  });

  it("gives up on an address that accepts and never completes the TLS handshake after the connect timeout, not the full one", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    const silent = net.createServer(() => {}); // accepts TCP, never answers the TLS hello
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const result = await sendWebhookRequest(`https://127.0.0.1:${port}/hook`, {}, "{}", 20_000, 200);
      expect(result).toEqual({ kind: "no_response", error: "no connection within 200 ms", permanent: false });
    } finally {
      silent.close();
    }
  }, 30_000);
});
