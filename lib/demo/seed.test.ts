import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { dataDir } from "@/lib/env";
import { newId } from "@/lib/ids";
import { callApi } from "@/lib/testing/api";
import { verifyPassword } from "@/lib/users/passwords";
import { removeLegacyDemoLoginFile, resetDemoLogin, seedDemo, shouldSeedDemo } from "./seed";

const uniqueEmail = () => `demo-${newId().slice(-8).toLowerCase()}@example.com`;

async function keysOf(merchantId: string) {
  return getDb().selectFrom("api_keys").select(["id", "revoked_at"]).where("merchant_id", "=", merchantId).execute();
}

describe("demo seeding", () => {
  it("seeds only on a first start (empty database) unless SEED_DEMO says otherwise", () => {
    expect(shouldSeedDemo(undefined, true)).toBe(true);
    expect(shouldSeedDemo(undefined, false)).toBe(false);
    expect(shouldSeedDemo("true", false)).toBe(true);
    expect(shouldSeedDemo("false", true)).toBe(false);
  });

  it("returns the credentials once, stores only hashes, and a later start neither prints nor mints nor revokes anything", async () => {
    const email = uniqueEmail();
    const demo = await seedDemo(email);
    expect(demo).not.toBeNull();
    const login = await callApi("POST", "/login/api-key", { body: { apiKey: demo!.apiKey } });
    expect(login.status).toBe(200);
    const user = await getDb()
      .selectFrom("users")
      .select("password_hash")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).not.toContain(demo!.password);
    expect(await verifyPassword(demo!.password, user.password_hash)).toBe(true);
    expect(existsSync(dataDir()) ? readdirSync(dataDir()).filter((f) => f.includes("demo")) : []).toEqual([]);

    const before = await keysOf(demo!.merchantId);
    expect(await seedDemo(email)).toBeNull();
    expect(await keysOf(demo!.merchantId)).toEqual(before);
    expect((await callApi("POST", "/login/api-key", { body: { apiKey: demo!.apiKey } })).status).toBe(200);
  });

  it("reset-demo-login sets a new password and, when asked, replaces the quickstart key", async () => {
    const email = uniqueEmail();
    const demo = (await seedDemo(email))!;
    const reset = (await resetDemoLogin({ email }))!;
    const hash = (
      await getDb().selectFrom("users").select("password_hash").where("email", "=", email).executeTakeFirstOrThrow()
    ).password_hash;
    expect(await verifyPassword(reset.password, hash)).toBe(true);
    expect(await verifyPassword(demo.password, hash)).toBe(false);
    expect(reset.api_key).toBeUndefined();

    const first = (await resetDemoLogin({ email, password: "a-chosen-password", apiKey: true }))!;
    const second = (await resetDemoLogin({ email, apiKey: true }))!;
    expect((await callApi("POST", "/login/api-key", { body: { apiKey: first.api_key } })).status).toBe(401);
    expect((await callApi("POST", "/login/api-key", { body: { apiKey: second.api_key } })).status).toBe(200);
    expect(await resetDemoLogin({ email: uniqueEmail() })).toBeNull();
  });

  it("removes the clear-text demo-login.json an older version left behind", () => {
    mkdirSync(dataDir(), { recursive: true });
    writeFileSync(
      path.join(dataDir(), "demo-login.json"),
      JSON.stringify({ email: "demo@example.com", password: "plain" }),
    );
    expect(removeLegacyDemoLoginFile()).toBe(true);
    expect(existsSync(path.join(dataDir(), "demo-login.json"))).toBe(false);
    expect(removeLegacyDemoLoginFile()).toBe(false);
  });
});
