import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { MINUTE } from "@/lib/time";
import { maxAutomaticAttempts, nextAttemptAt } from "./attempt-schedule";
import { newWebhookSecret, signatureHeader } from "./secret";

describe("retry schedule", () => {
  // The test environment sets fast retries for every process (lib/testing/test-env.ts).
  const configured = process.env.WEBHOOK_RETRY_DELAYS_MS;
  beforeEach(() => {
    delete process.env.WEBHOOK_RETRY_DELAYS_MS;
  });
  afterAll(() => {
    if (configured === undefined) delete process.env.WEBHOOK_RETRY_DELAYS_MS;
    else process.env.WEBHOOK_RETRY_DELAYS_MS = configured;
  });

  it("retries at 1, 4, 16, 64, 256 minutes ±10%, 6 attempts in all", () => {
    expect(maxAutomaticAttempts()).toBe(6);
    [1, 4, 16, 64, 256].forEach((minutes, i) => {
      expect(nextAttemptAt(i + 1, 0, () => 0)).toBe(Math.round(minutes * MINUTE * 0.9));
      expect(nextAttemptAt(i + 1, 0, () => 1)).toBe(Math.round(minutes * MINUTE * 1.1));
    });
    expect(nextAttemptAt(6, 0)).toBeNull();
  });

  it("takes its delays from WEBHOOK_RETRY_DELAYS_MS", () => {
    process.env.WEBHOOK_RETRY_DELAYS_MS = "100,200";
    expect(maxAutomaticAttempts()).toBe(3);
    expect(nextAttemptAt(2, 1000, () => 0.5)).toBe(1200);
  });
});

describe("signatures", () => {
  it("signs id.timestamp.body with the base64 key after whsec_, one v1 entry per secret", async () => {
    const { Webhook } = await import("standardwebhooks");
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const at = new Date(1_700_000_000_000);
    expect(signatureHeader([secret], "msg_1", 1_700_000_000, "{}")).toBe(new Webhook(secret).sign("msg_1", at, "{}"));
    expect(signatureHeader([secret, newWebhookSecret()], "msg_1", 1, "{}").split(" ")).toHaveLength(2);
  });
});
