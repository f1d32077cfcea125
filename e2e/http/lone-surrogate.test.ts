import http from "node:http";
import { describe, expect, it } from "vitest";

/**
 * The fuzzer once reported `no answer: fetch failed` for POST /login/api-key with apiKey "\ud800"
 * on PostgreSQL under heavy load. A lone surrogate, in every form a client can send it, gets an
 * answer in the login envelope, and the server goes on answering (docs/security.md, "Input").
 */
const base = () => process.env.API_BASE_URL!;

/** One request on its own connection (no keep-alive), with the body as exact bytes. */
function rawPost(
  path: string,
  body: Buffer,
): Promise<{ status: number; contentType: string | undefined; text: string }> {
  const url = new URL(path, base());
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers["content-type"],
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("a lone surrogate in a JSON body", () => {
  it("as a \\ud800 escape, as invalid UTF-8 bytes or as U+FFFD is 401 {type, message} at login, and the server keeps answering", async () => {
    expect(process.env.API_BASE_URL, "runs against a server (vitest.http.config.ts)").toBeTruthy();
    const bodies = [
      Buffer.from('{"apiKey":"\\ud800"}'), // what JSON.stringify({ apiKey: "\ud800" }) sends
      Buffer.from('{"apiKey":"\\udc00x\\ud800"}'),
      Buffer.concat([Buffer.from('{"apiKey":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]), // a raw client's bytes
      Buffer.from(JSON.stringify({ apiKey: "\ud800" }), "utf8"),
    ];
    for (const body of bodies) {
      for (let i = 0; i < 5; i++) {
        const res = await rawPost("/login/api-key", body);
        expect(res.status, `${body.toString("latin1")}: ${res.text}`).toBe(401);
        expect(res.contentType).toContain("application/json");
        expect(JSON.parse(res.text)).toEqual({ type: "UNAUTHORIZED", message: expect.any(String) });
      }
    }
    const parallel = await Promise.all(Array.from({ length: 20 }, () => rawPost("/login/api-key", bodies[0]!)));
    expect(parallel.map((r) => r.status)).toEqual(Array(20).fill(401));
    // The deprecated sign-in and token regeneration take the same credential rule (platform envelope).
    for (const [path, body] of [
      ["/v2/signin/api-key", '{"api_key":"\\ud800"}'],
      ["/v2/token-regeneration", '{"refresh_token":"\\ud800"}'],
    ] as const) {
      const res = await rawPost(path, Buffer.from(body));
      expect(res.status, res.text).toBe(401);
      expect(JSON.parse(res.text)).toMatchObject({ code: "UNAUTHORIZED", params: expect.any(Object) });
    }
    expect((await fetch(`${base()}/openapi.json`)).status).toBe(200);
  });
});
