import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

describe("secrets", () => {
  it("are generated once under DATA_DIR when the environment has none, never a baked-in default", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "secrets-"));
    vi.stubEnv("DATA_DIR", dir);
    vi.stubEnv("TOKEN_SIGNING_SECRET", "");
    vi.stubEnv("NEXTAUTH_SECRET", "");
    vi.resetModules();
    const first = (await import("./env")).secrets();
    const stored = JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8"));
    expect(stored.tokenSigningSecret).toBe(first.tokenSigningSecret);
    expect(first.tokenSigningSecret.length).toBeGreaterThanOrEqual(40);
    expect(statSync(path.join(dir, "secrets.json")).mode & 0o077).toBe(0);
    vi.resetModules();
    expect((await import("./env")).secrets()).toEqual(first);
    // Another data dir gets other secrets.
    vi.stubEnv("DATA_DIR", mkdtempSync(path.join(os.tmpdir(), "secrets-")));
    vi.resetModules();
    expect((await import("./env")).secrets().tokenSigningSecret).not.toBe(first.tokenSigningSecret);
    vi.unstubAllEnvs();
  });

  it("selects the database from DATABASE_URL (CONTRACT §13)", async () => {
    const { databaseTarget } = await import("./env");
    expect(databaseTarget("file:/tmp/x.db")).toEqual({ dialect: "sqlite", file: "/tmp/x.db" });
    expect(databaseTarget("postgres://u@h/db")).toEqual({ dialect: "postgres", url: "postgres://u@h/db" });
    // Unset DATABASE_URL (the suite itself may run with a PostgreSQL one) falls back to SQLite.
    vi.stubEnv("DATABASE_URL", "");
    expect(databaseTarget()).toMatchObject({ dialect: "sqlite" });
    vi.unstubAllEnvs();
    expect(() => databaseTarget("mysql://x")).toThrow();
  });
});
