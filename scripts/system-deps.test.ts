import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// npm test on a fresh machine: scripts/system-deps.sh installs what is missing (as root) or says
// what to install. A stand-in apt-get records what it was asked; the real one is never run.
const script = path.resolve(import.meta.dirname, "system-deps.sh");
const dir = mkdtempSync(path.join(tmpdir(), "system-deps-"));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const calls = path.join(dir, "apt-calls");
const fakeApt = path.join(dir, "apt-get");
writeFileSync(fakeApt, `#!/bin/sh\necho "$*" >> ${calls}\n`);
chmodSync(fakeApt, 0o755);
const pgBin = path.join(dir, "pg-bin");
mkdirSync(pgBin);
writeFileSync(path.join(pgBin, "initdb"), "#!/bin/sh\n");
chmodSync(path.join(pgBin, "initdb"), 0o755);

const fontFound = path.join(dir, "fc-list-ko");
writeFileSync(fontFound, "#!/bin/sh\necho 'NotoSansCJK-Regular.ttc: Noto Sans CJK KR'\n");
chmodSync(fontFound, 0o755);
const noFont = path.join(dir, "fc-list-none");
writeFileSync(noFont, "#!/bin/sh\n");
chmodSync(noFont, 0o755);

const isRoot = process.getuid?.() === 0;
const missing = { CHROMIUM_PATH: path.join(dir, "no-chromium"), PG_BIN: path.join(dir, "no-pg"), FC_LIST: fontFound };

async function run(env: Record<string, string>, asUser?: string) {
  const command = asUser ? ["runuser", "-u", asUser, "--", "bash", script] : ["bash", script];
  const [file, ...args] = command as [string, ...string[]];
  const result = await promisify(execFile)(file, args, {
    env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", APT_GET: fakeApt, FC_LIST: fontFound, ...env },
  })
    .then(() => ({ code: 0, stderr: "" }))
    .catch((e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }));
  let asked = "";
  try {
    asked = readFileSync(calls, "utf8");
  } catch {}
  rmSync(calls, { force: true });
  return { ...result, asked };
}

describe("system packages for npm test", () => {
  it("installs a Korean font for the browser tests when none is there", async () => {
    if (!isRoot) return expect((await run({ ...missing, FC_LIST: noFont })).code).toBe(1);
    expect(await run({ ...missing, CHROMIUM_PATH: fakeApt, FC_LIST: noFont })).toMatchObject({
      asked: "update -qq\ninstall -y -qq fonts-noto-cjk postgresql\n",
    });
    expect(await run({ ...missing, FC_LIST: noFont, SKIP_E2E: "1" })).toMatchObject({
      asked: "update -qq\ninstall -y -qq postgresql\n",
    });
  });

  it("does nothing when chromium and the PostgreSQL binaries are there", async () => {
    expect(await run({ CHROMIUM_PATH: fakeApt, PG_BIN: pgBin })).toEqual({ code: 0, stderr: "", asked: "" });
  });

  it("installs the missing ones with apt as root, and only those", async () => {
    if (!isRoot) return expect((await run(missing)).code).toBe(1);
    expect(await run(missing)).toMatchObject({ code: 0, asked: "update -qq\ninstall -y -qq chromium postgresql\n" });
    expect(await run({ ...missing, CHROMIUM_PATH: fakeApt })).toMatchObject({
      asked: "update -qq\ninstall -y -qq postgresql\n",
    });
    expect(await run({ ...missing, SKIP_E2E: "1" })).toMatchObject({
      asked: "update -qq\ninstall -y -qq postgresql\n",
    });
  });

  it("runs first in npm test and in CI", () => {
    for (const entry of ["test.sh", "../.ci/run"]) {
      const text = readFileSync(path.resolve(import.meta.dirname, entry), "utf8");
      expect(text.indexOf("scripts/system-deps.sh")).toBeGreaterThan(-1);
      expect(text.indexOf("scripts/system-deps.sh")).toBeLessThan(text.search(/npx vitest|npm ci/));
    }
  });

  it("tells anyone but root what to install, and fails", async () => {
    const result = isRoot ? await run(missing, "nobody") : await run(missing);
    expect(result.code).toBe(1);
    expect(result.asked).toBe("");
    expect(result.stderr).toContain("missing here: chromium postgresql");
    expect(result.stderr).toContain("apt-get install -y chromium postgresql");
  });
});
