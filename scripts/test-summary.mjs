// Sums vitest (in-process and HTTP pass) and Playwright JSON reports into the plain line CI reads:
// "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".test-output";
let passed = 0;
let failed = 0;
const lines = [];
const failedIn = new Map();
const failures = [];
const firstLine = (messages) =>
  String((messages ?? [])[0] ?? "")
    .split("\n")
    .find((l) => l.trim()) ?? "";
/** Each failed test's file, title and first message line: CI shows only the tail of the output. */
function collectFailures(file, report) {
  for (const r of report.testResults ?? []) {
    const name = path.relative(process.cwd(), r.name ?? "");
    const failedTests = (r.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failedTests)
      failures.push(`  ${file}: ${name} › ${a.fullName ?? a.title} — ${firstLine(a.failureMessages)}`);
    if (r.status === "failed" && failedTests.length === 0)
      failures.push(`  ${file}: ${name} — ${firstLine([r.message])}`);
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === "unexpected")
          failures.push(
            `  ${file}: ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")} — ${firstLine((t.results ?? []).map((x) => x.error?.message))}`,
          );
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}
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
  if (f > 0) collectFailures(file, report);
  failedIn.set(file, f);
  lines.push(`  ${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
// A step that must leave a report (listed in expected-reports) and left none died before any test: failed.
const expectedList = path.join(dir, "expected-reports");
for (const name of existsSync(expectedList) ? readFileSync(expectedList, "utf8").split("\n").filter(Boolean) : []) {
  if (existsSync(path.join(dir, name))) continue;
  failedIn.set(name, 1);
  lines.push(`  ${name}: missing (the step died before reporting), 1 failed`);
  failed += 1;
}
// A step test.sh saw exit non-zero (exited-nonzero): with no failed test in its report (vitest's
// unhandled errors), or with no report of its own (the build, an audit chain), it counts as one failure.
const exitedList = path.join(dir, "exited-nonzero");
for (const name of existsSync(exitedList) ? readFileSync(exitedList, "utf8").split("\n").filter(Boolean) : []) {
  if ((failedIn.get(name) ?? 0) > 0) continue;
  lines.push(
    failedIn.has(name)
      ? `  ${name}: exited non-zero with no failed test (unhandled errors: see its output), 1 failed`
      : `  ${name}: failed, 1 failed`,
  );
  failed += 1;
}
const durations = path.join(dir, "step-seconds");
if (existsSync(durations))
  console.log(`step seconds: ${readFileSync(durations, "utf8").trim().split("\n").join(", ")}`);
if (failures.length > 0) console.log(`failed tests:\n${failures.map((l) => l.slice(0, 400)).join("\n")}`);
console.log(lines.join("\n"));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
