import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { compileTrust, normaliseForwarded } from "./forwarded";

function seenAs(setting: string | undefined, peer: string, headers: Record<string, string>) {
  const socket = { remoteAddress: peer };
  const req = { headers: { ...headers }, socket, connection: socket } as unknown as IncomingMessage;
  normaliseForwarded(req, compileTrust(setting));
  return req.headers as Record<string, string>;
}

describe("forwarded headers (TRUST_PROXY)", () => {
  it("without TRUST_PROXY believes only the socket: a client's X-Forwarded-For, X-Real-IP and proto are dropped", () => {
    for (const setting of [undefined, "", "false"]) {
      expect(
        seenAs(setting, "203.0.113.7", {
          "x-forwarded-for": "1.2.3.4",
          "x-real-ip": "5.6.7.8",
          "x-forwarded-proto": "https",
        }),
      ).toEqual({ "x-forwarded-for": "203.0.113.7" });
    }
  });

  it("with TRUST_PROXY=true takes the left-most forwarded address", () => {
    expect(
      seenAs("true", "10.0.0.2", { "x-forwarded-for": "198.51.100.9, 10.0.0.1", "x-forwarded-proto": "https" }),
    ).toEqual({ "x-forwarded-for": "198.51.100.9", "x-forwarded-proto": "https" });
  });

  it("with a hop count or proxy addresses believes only what trusted proxies report", () => {
    const chain = { "x-forwarded-for": "6.6.6.6, 198.51.100.9" };
    expect(seenAs("1", "10.0.0.2", chain)["x-forwarded-for"]).toBe("198.51.100.9");
    expect(seenAs("loopback", "127.0.0.1", chain)["x-forwarded-for"]).toBe("198.51.100.9");
    expect(seenAs("loopback", "203.0.113.7", chain)["x-forwarded-for"]).toBe("203.0.113.7");
    expect(seenAs("10.0.0.0/8", "10.0.0.2", { "x-forwarded-for": "6.6.6.6, 10.0.0.9" })["x-forwarded-for"]).toBe(
      "6.6.6.6",
    );
  });
});
