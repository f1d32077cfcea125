/**
 * Greps every log the test suite wrote (scripts/test.sh points LOG_FILE of each step, in-process
 * tests and the production servers alike, into LOG_SCAN_DIR, then runs this last) for what must
 * never be logged: card numbers, API keys, refresh and access tokens, webhook secrets, signing
 * secrets, OTPs, passwords, resident numbers. Findings name the file, line and kind, never the value.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { passesLuhn } from "@/lib/cards/card-number";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";

const dir = process.env.LOG_SCAN_DIR;

type Rule = { kind: string; test: (line: string) => boolean };

function matches(pattern: RegExp): (line: string) => boolean {
  return (line) => pattern.test(line);
}

const signingSecrets = [
  process.env.TOKEN_SIGNING_SECRET,
  process.env.NEXTAUTH_SECRET,
  "test-signing-secret-for-this-run-only",
  "test-session-secret-for-this-run-only",
].filter((s): s is string => !!s && s.length >= 12);

const RULES: Rule[] = [
  {
    kind: "card number",
    test: (line) => (line.match(/\d(?:[ -]?\d){13,18}/g) ?? []).some((run) => passesLuhn(run.replace(/[ -]/g, ""))),
  },
  { kind: "sandbox card number", test: (line) => Object.values(SANDBOX_CARDS).some((n) => line.includes(n)) },
  { kind: "API key", test: matches(/\bsk_[A-Za-z0-9_-]{32,}/) },
  { kind: "refresh token", test: matches(/\brt_[A-Za-z0-9_-]{32,}/) },
  { kind: "webhook secret", test: matches(/whsec_[A-Za-z0-9+/_-]{16,}/) },
  { kind: "JWT", test: matches(/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]+/) },
  { kind: "Authorization credential", test: matches(/\b(Bearer|PortOne)\s+[A-Za-z0-9._~+/=-]{20,}/) },
  { kind: "signing secret", test: (line) => signingSecrets.some((s) => line.includes(s)) },
  { kind: "OTP", test: matches(/"otp"\s*:\s*"?\d{6}|verification code is \d{6}/i) },
  { kind: "password", test: matches(/"(password|password_two_digits|passwordTwoDigits)"\s*:\s*"(?!\[redacted\])/) },
  { kind: "resident number", test: matches(/\b\d{6}-[1-4]\d{6}\b|"identityNumber"\s*:\s*"\d{7}"/) },
];

function logFiles(): string[] {
  if (!dir)
    throw new Error("LOG_SCAN_DIR is not set: scripts/test.sh runs this after the suite, on the logs it collected");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".log"))
    .map((f) => path.join(dir, f));
}

describe("the test suite's logs", () => {
  it("exist for every step, one JSON object per line, with access-log lines", () => {
    const files = logFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
      const notJson = lines.filter((line) => {
        try {
          return typeof JSON.parse(line) !== "object";
        } catch {
          return true;
        }
      });
      expect(notJson.length, `${path.basename(file)}: lines that are not JSON`).toBe(0);
      const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === "request");
      expect(requests.length, `${path.basename(file)}: access-log lines`).toBeGreaterThan(0);
      expect(requests[0]).toMatchObject({
        level: "info",
        requestId: expect.any(String),
        route: expect.any(String),
        status: expect.any(Number),
        latencyMs: expect.any(Number),
      });
    }
  });

  it("hold no card number, secret, token, OTP, password or resident number", () => {
    const findings: string[] = [];
    let scanned = 0;
    for (const file of logFiles()) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          scanned += 1;
          for (const rule of RULES)
            if (rule.test(line)) findings.push(`${path.basename(file)}:${index + 1}: ${rule.kind}`);
        });
    }
    expect(scanned).toBeGreaterThan(100);
    expect(findings).toEqual([]);
  });
});
