/**
 * Greps every log the test suite wrote (scripts/test.sh points LOG_FILE of each step, in-process
 * tests and the production servers alike, into LOG_SCAN_DIR, then runs this last) for what must
 * never be logged: card numbers, API keys, refresh and access tokens, webhook secrets, signing
 * secrets, OTPs, passwords, resident numbers. Findings name the file, line and kind, never the value.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findCardNumbers, isSecretMember } from "@/lib/security/redaction";
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
  // 13–19 digits, Luhn-valid, whatever their grouping (lib/security/redaction.ts).
  { kind: "card number", test: (line) => findCardNumbers(line).length > 0 },
  { kind: "sandbox card number", test: (line) => Object.values(SANDBOX_CARDS).some((n) => line.includes(n)) },
  { kind: "API key", test: matches(/\bsk_[A-Za-z0-9_-]{32,}/) },
  { kind: "Toss secret key", test: matches(/(?<![A-Za-z0-9])(live|test)_g?sk_[A-Za-z0-9_-]{12,}/) },
  { kind: "refresh token", test: matches(/\brt_[A-Za-z0-9_-]{32,}/) },
  { kind: "webhook secret", test: matches(/whsec_[A-Za-z0-9+/_-]{16,}/) },
  { kind: "JWT", test: matches(/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]+/) },
  { kind: "Authorization credential", test: matches(/\b(Bearer|PortOne|Basic)\s+[A-Za-z0-9._~+/=-]{20,}/i) },
  { kind: "signing secret", test: (line) => signingSecrets.some((s) => line.includes(s)) },
  { kind: "OTP", test: matches(/"otp"\s*:\s*"?\d{6}|verification code is \d{6}/i) },
  { kind: "password", test: matches(/"(password|password_two_digits|passwordTwoDigits)"\s*:\s*"(?!\[redacted\])/i) },
  { kind: "member named like a secret, not redacted", test: (line) => secretMembersIn(line).length > 0 },
  { kind: "resident number", test: matches(/\b\d{6}-[1-4]\d{6}\b|"identityNumber"\s*:\s*"\d{7}"/) },
];

/** Members named like secrets (any case, by pattern) whose value is not the logger's censor. */
function secretMembersIn(line: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return []; // the first test reports lines that are not JSON
  }
  const found: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (!value || typeof value !== "object" || depth > 40) return;
    for (const [key, child] of Object.entries(value)) {
      if (isSecretMember(key) && child !== null && child !== "[redacted]") found.push(key);
      else walk(child, depth + 1);
    }
  };
  walk(parsed, 0);
  return found;
}

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
