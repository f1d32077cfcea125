import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "@/lib/env";
import { scratchDatabase, type ScratchDatabase } from "@/lib/testing/scratch-database";
import type { Json } from "@/lib/testing/json";

const exec = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
const dialect = databaseTarget().dialect;
// A database of its own: restoring must not touch the one the other test files share.
let scratch: ScratchDatabase;

beforeAll(async () => {
  scratch = await scratchDatabase("backup");
});

afterAll(async () => {
  await scratch.drop();
});

async function admin(...args: string[]) {
  const { stdout } = await exec(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", ...args, "--json"],
    {
      env: { ...process.env, DATABASE_URL: scratch.url, DATA_DIR: dir },
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, Json>;
}

async function adminFails(...args: string[]): Promise<string> {
  const error = await admin(...args).then(
    () => null,
    (e: { code: number; stderr: string }) => e,
  );
  expect(error?.code).toBe(2);
  return error!.stderr;
}

/** Merchants in the scratch database, each with whether its default store exists (consistency). */
async function merchants() {
  const rows = await scratch.query<{ id: string; name: string; has_store: number }>(
    "select m.id, m.name, (select count(*) from stores s where s.id = m.default_store_id) as has_store from merchants m order by m.name",
  );
  return rows.map((r) => ({ ...r, has_store: Number(r.has_store) }));
}

// Each step spawns the admin CLI (a cold tsx start: seconds on a loaded 2-core machine).
describe("admin backup and restore", { timeout: 180_000 }, () => {
  it("backs up consistently while writes go on; restore brings back exactly the backup's state", async () => {
    const before = await admin("create-merchant", "--name", "A before backup");
    const out = path.join(dir, "backup.bin");
    // The backup runs while two other processes write (each merchant is one transaction).
    const [backup] = await Promise.all([
      admin("backup", "--out", out),
      admin("create-merchant", "--name", "C concurrent 1"),
      admin("create-merchant", "--name", "C concurrent 2"),
    ]);
    expect(backup).toMatchObject({ file: out, database: dialect });
    expect(backup.bytes).toBeGreaterThan(0);
    const after = await admin("create-merchant", "--name", "Z after backup");
    expect((await merchants()).map((m) => m.id)).toContain(after.merchant_id);

    const restored = await admin("restore", "--from", out);
    expect(restored.restored_from).toBe(out);
    const rows = await merchants();
    const ids = rows.map((m) => m.id);
    expect(ids).toContain(before.merchant_id);
    expect(ids).not.toContain(after.merchant_id);
    // A snapshot: every merchant it holds came with its store, whichever concurrent writes it caught.
    expect(rows.every((m) => m.has_store === 1)).toBe(true);
    // The restored database works: the app's CLI can write to it again.
    await admin("create-merchant", "--name", "Y after restore");
  });

  it("never overwrites: a backup to an existing file is refused", async () => {
    const existing = path.join(dir, "existing.bin");
    writeFileSync(existing, "keep me");
    expect(await adminFails("backup", "--out", existing)).toContain("exists");
  });

  it("a restore from a missing or damaged file fails and leaves the database as it was", async () => {
    const before = await merchants();
    expect(await adminFails("restore", "--from", path.join(dir, "missing.bin"))).toContain("no backup");
    const damaged = path.join(dir, "damaged.bin");
    writeFileSync(damaged, "this is not a database backup ".repeat(200));
    await adminFails("restore", "--from", damaged);
    expect(await merchants()).toEqual(before);
    expect(existsSync(damaged)).toBe(true);
  });
});
