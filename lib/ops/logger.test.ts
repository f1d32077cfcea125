import { randomInt } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { newMerchant } from "@/lib/testing/fixtures";
import { cardPayBody } from "@/lib/testing/payments";
import { createLogger, flushLogs, logger } from "./logger";

/**
 * The suite's log (LOG_FILE, set by the global setup or scripts/test.sh), one JSON object per line.
 * Other test workers append to the same file, so a last line without its newline may still be
 * being written: only complete lines count (ours are written out by flushLogs before the read).
 */
async function logLines(): Promise<Record<string, unknown>[]> {
  await flushLogs();
  const text = readFileSync(process.env.LOG_FILE!, "utf8");
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * A value to find our own line by, in letters only. A digit run would be masked one time in ten:
 * `${pid}-${Date.now()}` is 18 digits joined by a dash, and the sink masks any such run that
 * passes Luhn as a possible card number (that made these tests flaky).
 */
function marker(prefix: string): string {
  return `${prefix}-${Array.from({ length: 16 }, () => String.fromCharCode(97 + randomInt(26))).join("")}`;
}

describe("structured logs", () => {
  it("writes one JSON access-log line per API request: request id, merchant id, route, status, latency", async () => {
    const m = await newMerchant();
    const requestId = marker("logtest");
    const res = await m.api.post("/v2/payments/log-test-payment/instant/pay", cardPayBody(m, SANDBOX_CARDS.VISA_OK), {
      "x-request-id": requestId,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe(requestId);
    const lines = (await logLines()).filter((l) => l.requestId === requestId);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        msg: "request",
        requestId,
        merchantId: m.merchant_id,
        method: "POST",
        route: "/v2/payments/[payment_id]/instant/pay",
        status: 200,
        latencyMs: expect.any(Number),
      }),
    );
    expect(JSON.stringify(lines)).not.toContain(SANDBOX_CARDS.VISA_OK);
  });

  it("masks a card number a caller sends as its request id in the access-log line", async () => {
    const m = await newMerchant();
    const res = await m.api.get("/v2/channels", { "x-request-id": SANDBOX_CARDS.VISA_OK });
    expect(res.status).toBe(200);
    const lines = (await logLines()).filter((l) => l.merchantId === m.merchant_id && l.route === "/v2/channels");
    expect(lines).toContainEqual(expect.objectContaining({ msg: "request", requestId: "424242******4242" }));
    expect(JSON.stringify(lines)).not.toContain(SANDBOX_CARDS.VISA_OK);
  });

  it("replaces a caller's request id that is not a short plain token", async () => {
    const m = await newMerchant();
    const res = await m.api.get("/v2/channels", { "x-request-id": `spaces and <html> ${"x".repeat(200)}` });
    expect(res.headers.get("x-request-id")).toMatch(/^req_[0-9A-Z]{26}$/);
  });

  it("redacts secret fields and masks card numbers and keys wherever they appear in a line", async () => {
    const tag = marker("redaction");
    const apiKey = `sk_${"x".repeat(40)}`;
    logger.warn(
      {
        marker: tag,
        card_number: SANDBOX_CARDS.MASTER_OK,
        body: { customer: { identityNumber: "9001011" }, otp: "123456", password: "hunter2-hunter2" },
        authorization: `Bearer ${apiKey}`,
      },
      `upstream said: card ${SANDBOX_CARDS.DECLINED} rejected for key ${apiKey}`,
    );
    const [line] = (await logLines()).filter((l) => l.marker === tag);
    expect(line).toMatchObject({
      level: "warn",
      card_number: "[redacted]",
      authorization: "[redacted]",
      body: { customer: { identityNumber: "[redacted]" }, otp: "[redacted]", password: "[redacted]" },
    });
    const text = JSON.stringify(line);
    for (const secret of [
      SANDBOX_CARDS.MASTER_OK,
      SANDBOX_CARDS.DECLINED,
      apiKey,
      "123456",
      "hunter2-hunter2",
      "9001011",
    ])
      expect(text).not.toContain(secret);
    expect(line!.msg).toBe(`upstream said: card 400000******0002 rejected for key sk_[redacted]`);
  });

  it("redacts members named like secrets in any case and at any depth, grouped card numbers and secret prefixes", async () => {
    const tag = marker("patterns");
    const tossKey = "live_sk_zXLkKEypNArWmo50nX3lmeax";
    const error = Object.assign(new Error(`Toss refused ${tossKey}`), { mert_key: "mert-key-plain" });
    logger.warn(
      {
        marker: tag,
        a: { b: { c: { d: { e: { Password: "deep-password-plain" } } } } },
        passwd: "passwd-plain",
        secret_key: "secret-key-plain",
        client_key: "client-key-plain",
        channel_key: "channel-key-kept",
        err: error,
      },
      `cards 5555 5555 5555 4444 and 4111-1111-1111-1111, header Bearer opaque-token-value-1234`,
    );
    const [line] = (await logLines()).filter((l) => l.marker === tag);
    expect(line).toMatchObject({ passwd: "[redacted]", secret_key: "[redacted]", channel_key: "channel-key-kept" });
    const text = JSON.stringify(line);
    for (const secret of [
      "deep-password-plain",
      "passwd-plain",
      "secret-key-plain",
      "client-key-plain",
      "mert-key-plain",
      tossKey,
      "5555 5555 5555 4444",
      "4111-1111-1111-1111",
      "opaque-token-value-1234",
    ])
      expect(text, secret).not.toContain(secret);
  });

  it("is human-readable with LOG_FORMAT=pretty (the development default), secrets still masked", () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "pretty-log-")), "dev.log");
    createLogger({ format: "pretty", file }).info({ route: "/v2/channels" }, `served card ${SANDBOX_CARDS.VISA_OK}`);
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/INFO.*served card 424242\*{6}4242/);
    expect(text).toContain('route: "/v2/channels"');
    expect(() => JSON.parse(text)).toThrow();
  });
});
