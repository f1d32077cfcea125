import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { callApi } from "@/lib/testing/api";

function admin(...args: string[]): string {
  return execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", ...args], {
    encoding: "utf8",
    env: process.env,
  });
}

// Each command starts a tsx process: seconds apiece on a loaded machine.
describe("admin CLI", { timeout: 120_000 }, () => {
  it("create-merchant --json prints the merchant, a working API key, channels and a login", async () => {
    const out = JSON.parse(admin("create-merchant", "--name", "CLI shop", "--hosting", "--json"));
    expect(Object.keys(out).sort()).toEqual([
      "api_key",
      "channels",
      "dashboard",
      "merchant_id",
      "store_id",
      "webhook_secret",
    ]);
    expect(out.webhook_secret).toMatch(/^whsec_/);
    expect(out.channels.length).toBeGreaterThanOrEqual(5);
    const login = await callApi("POST", "/login/api-key", { body: { apiKey: out.api_key } });
    expect(login.status).toBe(200);

    const key = JSON.parse(admin("create-api-key", "--merchant", out.merchant_id, "--store", out.store_id, "--json"));
    expect((await callApi("POST", "/login/api-key", { body: { apiKey: key.api_key } })).status).toBe(200);
  });

  it("reset-demo-login prints a new password for the demo login (and a new key with --api-key)", async () => {
    const created = JSON.parse(admin("create-merchant", "--name", "Demo-like shop", "--json"));
    const out = JSON.parse(admin("reset-demo-login", "--email", created.dashboard.email, "--api-key", "--json"));
    expect(out.email).toBe(created.dashboard.email);
    expect(out.password).not.toBe(created.dashboard.password);
    expect((await callApi("POST", "/login/api-key", { body: { apiKey: out.api_key } })).status).toBe(200);
  });
});
