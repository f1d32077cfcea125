/**
 * An access-log line never waits for its destination (a synchronous write to a stdout
 * nobody reads held the event loop, and every request with it), and none is lost on SIGTERM.
 * Real processes (scripts/fixtures/log-until-terminated.ts), started as package.json starts ours.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tsEntry } from "@/lib/testing/ts-entry";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = "scripts/fixtures/log-until-terminated.ts";

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, tsEntry(FIXTURE), {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "info", LOG_FORMAT: "json", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  /** Resolves true once stderr says `word`, false after `ms`. */
  const says = async (word: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!stderr.includes(word) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return stderr.includes(word);
  };
  return { child, exited, says, stderr: () => stderr };
}

function requestNumbers(text: string): number[] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { msg: string; n?: number })
    .filter((l) => l.msg === "request")
    .map((l) => l.n!);
}

describe("access log destination", () => {
  it("does not hold the event loop while stdout is not read, and writes every line out on SIGTERM", async () => {
    // ~2.5 MB: far more than a pipe holds (64 KB), so a synchronous write would block on it.
    const lines = 10_000;
    const p = start({ LINES: String(lines), LOG_FILE: "" });
    try {
      expect(await p.says("logged", 20_000)).toBe(true);
      expect(await p.says("timer", 5_000)).toBe(true);
      p.child.kill("SIGTERM");
      let out = "";
      p.child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      expect(await p.exited).toBe(0);
      expect(requestNumbers(out)).toEqual(Array.from({ length: lines }, (_, i) => i + 1));
      expect(out).toContain('"msg":"shutdown complete"');
    } finally {
      p.child.kill("SIGKILL");
    }
  });

  it("keeps a line logged just before SIGTERM in LOG_FILE", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "log-sigterm-")), "app.log");
    const lines = 5_000;
    const p = start({ LINES: String(lines), LOG_FILE: file, TERMINATE_AFTER_LOGGING: "true" });
    p.child.stdout.resume();
    expect(await p.exited).toBe(0);
    const text = readFileSync(file, "utf8");
    expect(requestNumbers(text)).toEqual(Array.from({ length: lines }, (_, i) => i + 1));
    expect(text).toContain('"msg":"shutdown complete"');
  });

  it("a process that logs to a new LOG_FILE and exits at once exits cleanly with its line written", async () => {
    // The file used to open asynchronously: pino's exit hook then met a destination not ready yet and threw.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "log-exit-")), "new", "app.log");
    const p = start({ LINES: "1", LOG_FILE: file, EXIT_AFTER_LOGGING: "true" });
    p.child.stdout.resume();
    expect(await p.exited, p.stderr()).toBe(0);
    expect(p.stderr()).not.toContain("not ready");
    expect(requestNumbers(readFileSync(file, "utf8"))).toEqual([1]);
  });
});
