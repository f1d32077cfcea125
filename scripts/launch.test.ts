/**
 * `npm start` and `npm run worker` must get SIGTERM themselves. Launched through the tsx CLI, a
 * parent process relays the signal and SIGKILLs the child (exit 143) when the child does not
 * acknowledge within 30 ms: under load a graceful shutdown became a kill mid-job.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const scripts = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts as Record<string, string>;

/** Runs `script`'s command line with its entry file replaced by the busy fixture; resolves with the exit code. */
function terminateWhileBusy(script: string): Promise<number | null> {
  const [command = "", ...args] = (scripts[script] ?? "").split(/\s+/);
  const entry = args.findIndex((a) => a.startsWith("scripts/"));
  args[entry] = "scripts/fixtures/busy-until-terminated.ts";
  const executable = command === "node" ? process.execPath : path.join(ROOT, "node_modules/.bin", command);
  const child = spawn(executable, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.once("exit", (code) => resolve(code));
    child.stdout.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) setTimeout(() => child.kill("SIGTERM"), 100);
    });
  });
}

describe("process launch", () => {
  it.each(["start", "worker"])("npm run %s: a busy process still gets SIGTERM itself and exits 0", async (script) => {
    expect(await terminateWhileBusy(script)).toBe(0);
  });
});
