import http from "node:http";
import { describe, expect, it } from "vitest";

/**
 * The production server keeps an idle keep-alive connection open longer than clients and reverse
 * proxies keep theirs (KEEP_ALIVE_TIMEOUT_MS, 65 s), so they close it first. With Node's 5 s default
 * a request sent as the server closed the socket got no answer: the fuzzer's one `fetch failed`
 * under load (docs/security.md, "Input"), a proxy's 502 in production.
 */
function get(
  agent: http.Agent,
  path: string,
): Promise<{ status: number; keepAlive: string | undefined; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, process.env.API_BASE_URL), { agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          keepAlive: String(res.headers["keep-alive"]),
          reused: req.reusedSocket,
        }),
      );
    });
    req.on("error", reject);
  });
}

describe("keep-alive connections", () => {
  it("stay open when idle past Node's 5 s default, and the next request is answered on the same socket", async () => {
    expect(process.env.API_BASE_URL, "runs against a server (vitest.http.config.ts)").toBeTruthy();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent, "/healthz");
      await new Promise((r) => setTimeout(r, 6_000));
      const second = await get(agent, "/healthz");
      expect({ first, second }).toEqual({
        first: { status: 200, keepAlive: "timeout=65", reused: false },
        second: { status: 200, keepAlive: "timeout=65", reused: true },
      });
    } finally {
      agent.destroy();
    }
  });
});
