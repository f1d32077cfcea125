import { afterEach, describe, expect, it } from "vitest";
import { checkWebhookUrl, isPrivateAddress } from "./address-policy";

describe("webhook address policy", () => {
  afterEach(() => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
  });

  it("knows loopback, private, link-local and mapped addresses", () => {
    for (const a of ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "0.0.0.0", "::1", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "::ffff:7f00:1"]) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["8.8.8.8", "1.1.1.1", "2606:4700::1111", "172.32.0.1"]) expect(isPrivateAddress(a), a).toBe(false);
  });

  it("refuses private hosts only when not allowed, and any non-http URL always", async () => {
    expect(await checkWebhookUrl("ftp://example.com/x")).toMatch(/http/);
    expect(await checkWebhookUrl("not a url")).toMatch(/absolute/);
    expect(await checkWebhookUrl("http://127.0.0.1:9/x")).toBeNull();
    process.env.WEBHOOK_ALLOW_PRIVATE = "false";
    expect(await checkWebhookUrl("http://127.0.0.1:9/x")).toMatch(/refused/);
    expect(await checkWebhookUrl("http://[::1]:9/x")).toMatch(/refused/);
    expect(await checkWebhookUrl("http://localhost:9/x")).toMatch(/refused/);
  });
});
