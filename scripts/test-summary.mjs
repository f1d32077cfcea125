// Sums vitest (in-process and HTTP pass) and Playwright JSON reports into the plain line CI reads:
// "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".test-output";
let passed = 0;
let failed = 0;
const lines = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  let p = 0;
  let f = 0;
  if ("numPassedTests" in report) {
    // A file that fails to load has no test results but still failed.
    const brokenFiles = (report.testResults ?? []).filter(
      (r) => r.status === "failed" && (r.assertionResults ?? []).length === 0,
    ).length;
    p = report.numPassedTests;
    f = report.numFailedTests + brokenFiles;
    // A run that failed before any test (its global setup, e.g. the HTTP pass's server) still failed.
    if (report.success === false && f === 0) f = 1;
  } else if (report.stats) {
    p = report.stats.expected + (report.stats.flaky ?? 0);
    f = report.stats.unexpected + (report.errors?.length ?? 0);
  }
  lines.push(`  ${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
// A step that must leave a report (listed in expected-reports) and left none died before any test: failed.
const expectedList = path.join(dir, "expected-reports");
for (const name of existsSync(expectedList) ? readFileSync(expectedList, "utf8").split("\n").filter(Boolean) : []) {
  if (existsSync(path.join(dir, name))) continue;
  lines.push(`  ${name}: missing (the step died before reporting), 1 failed`);
  failed += 1;
}
console.log(lines.join("\n"));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
