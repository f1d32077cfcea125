import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Runs scripts/test-summary.mjs on a directory holding these files; its output and exit code. */
function summarize(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "summary-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  try {
    return { out: execFileSync("node", ["scripts/test-summary.mjs", dir], { encoding: "utf8" }), code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; status: number };
    return { out: failed.stdout, code: failed.status };
  }
}

const passingVitest = JSON.stringify({ numPassedTests: 750, numFailedTests: 0, success: true, testResults: [] });

describe("the CI line matches the suite's exit (test-summary.mjs)", () => {
  it("a clean run: every test counted, exit 0", () => {
    const { out, code } = summarize({ "vitest-postgres.json": passingVitest });
    expect(out.trim().split("\n").at(-1)).toBe("750 passed, 0 failed");
    expect(code).toBe(0);
  });

  it("a vitest run that exited non-zero with every test passed (unhandled errors) counts one failure", () => {
    // CI once printed "2392 passed, 0 failed" and still exited 1: two unhandled errors in one file.
    const { out, code } = summarize({
      "vitest-postgres.json": passingVitest,
      "exited-nonzero": "vitest-postgres.json\n",
    });
    expect(out).toContain("vitest-postgres.json: exited non-zero with no failed test");
    expect(out.trim().split("\n").at(-1)).toBe("750 passed, 1 failed");
    expect(code).toBe(1);
  });

  it("a step with no report of its own (the build, an audit chain) that failed counts one failure", () => {
    const { out, code } = summarize({
      "vitest-postgres.json": passingVitest,
      "exited-nonzero": "audit chains (unit SQLite)\n",
    });
    expect(out.trim().split("\n").at(-1)).toBe("750 passed, 1 failed");
    expect(code).toBe(1);
  });

  it("a step that failed its tests, or died before reporting, is not counted twice", () => {
    const failing = JSON.stringify({ numPassedTests: 10, numFailedTests: 2, success: false, testResults: [] });
    const { out } = summarize({
      "http-sqlite.json": failing,
      "expected-reports": "chaos-sqlite.json\n",
      "exited-nonzero": "http-sqlite.json\nchaos-sqlite.json\n",
    });
    expect(out.trim().split("\n").at(-1)).toBe("10 passed, 3 failed");
  });
});
