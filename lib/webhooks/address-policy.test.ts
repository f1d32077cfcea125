import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkWebhookUrl, isPrivateAddress, privateAddressesAllowed } from "./address-policy";

describe("webhook address policy", () => {
  const saved = { allow: process.env.WEBHOOK_ALLOW_PRIVATE, nodeEnv: process.env.NODE_ENV };
  beforeEach(() => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
  });
  afterEach(() => {
    process.env.WEBHOOK_ALLOW_PRIVATE = saved.allow;
    (process.env as Record<string, string | undefined>).NODE_ENV = saved.nodeEnv;
  });

  it("knows loopback, private, link-local and mapped addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["8.8.8.8", "1.1.1.1", "2606:4700::1111", "172.32.0.1"]) expect(isPrivateAddress(a), a).toBe(false);
  });

  it("judges IPv6 forms that embed an IPv4 address (NAT64, 6to4, IPv4-compatible) by that address", () => {
    for (const a of [
      "64:ff9b::7f00:1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b::10.0.0.1",
      "2002:7f00:1::1",
      "2002:a9fe:a9fe::",
      "::127.0.0.1",
      "::a9fe:a9fe",
      "64:ff9b:1::1",
      "2001::1",
      "100.64.0.1",
      "198.18.0.1",
      "255.255.255.255",
      "224.0.0.1",
      "ff02::1",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["64:ff9b::808:808", "2002:808:808::1", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("refuses private addresses by default in every process, whatever NODE_ENV says", async () => {
    for (const env of [undefined, "development", "test", "production"]) {
      (process.env as Record<string, string | undefined>).NODE_ENV = env;
      expect(privateAddressesAllowed(), String(env)).toBe(false);
      expect(await checkWebhookUrl("http://127.0.0.1:9/x")).toMatchObject({ reason: "PRIVATE_ADDRESS" });
      expect(await checkWebhookUrl("http://[::1]:9/x")).toMatchObject({ reason: "PRIVATE_ADDRESS" });
      expect(await checkWebhookUrl("http://[64:ff9b::a9fe:a9fe]/latest/meta-data")).toMatchObject({
        reason: "PRIVATE_ADDRESS",
      });
      expect(await checkWebhookUrl("http://localhost:9/x")).toMatchObject({ reason: "PRIVATE_ADDRESS" });
    }
  });

  it("allows them only with WEBHOOK_ALLOW_PRIVATE=true; any non-http URL is always refused", async () => {
    expect(await checkWebhookUrl("ftp://example.com/x")).toMatchObject({ reason: "NOT_HTTP" });
    expect(await checkWebhookUrl("not a url")).toMatchObject({ reason: "INVALID_URL" });
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    expect(await checkWebhookUrl("http://127.0.0.1:9/x")).toMatchObject({ reason: "PRIVATE_ADDRESS" });
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    expect(await checkWebhookUrl("http://127.0.0.1:9/x")).toBeNull();
  });

  it("names the reason an address is refused: host not found, plain http, privileged port, credentials", async () => {
    expect(await checkWebhookUrl("https://no-such-host.invalid/hook")).toMatchObject({
      reason: "HOST_NOT_FOUND",
      host: "no-such-host.invalid",
    });
    expect(await checkWebhookUrl("http://93.184.215.14/hook")).toMatchObject({ reason: "NOT_HTTPS" });
    expect(await checkWebhookUrl("https://93.184.215.14:22/hook")).toMatchObject({ reason: "BAD_PORT" });
    expect(await checkWebhookUrl("https://u:p@93.184.215.14/hook")).toMatchObject({ reason: "CREDENTIALS" });
    expect(await checkWebhookUrl("https://10.0.0.5/hook")).toMatchObject({
      reason: "PRIVATE_ADDRESS",
      address: "10.0.0.5",
    });
    expect(await checkWebhookUrl("https://93.184.215.14:8443/hook")).toBeNull();
    process.env.WEBHOOK_REQUIRE_HTTPS = "false";
    try {
      expect(await checkWebhookUrl("http://93.184.215.14/hook")).toBeNull();
    } finally {
      delete process.env.WEBHOOK_REQUIRE_HTTPS;
    }
  });
});
