import { describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import { scrubLogLine } from "./log-scrub";

describe("scrubLogLine", () => {
  it("masks every sandbox card number, plain or grouped, keeping BIN and last four", () => {
    for (const number of Object.values(SANDBOX_CARDS)) {
      const grouped = number.replace(/(\d{4})(?=\d)/g, "$1 ");
      const out = scrubLogLine(`{"msg":"card ${number} or ${grouped}"}`);
      expect(out).not.toContain(number);
      expect(out).not.toContain(grouped);
      expect(out).toContain(`${number.slice(0, 6)}******${number.slice(-4)}`);
    }
  });

  it("masks API keys, refresh tokens, webhook secrets and JWTs", () => {
    const secrets = {
      apiKey: `sk_${"a1B2_c3-D4".repeat(4)}`,
      refresh: `rt_${"Zz9-_yY8".repeat(6)}`,
      webhook: `whsec_${"QUJDREVGR0hJSktMTU5PUFFSU1RVVldY"}`,
      jwt: "eyJhbGciOiJIUzI1NiJ9.eyJtaWQiOiJtZXJjaGFudC0xIn0.c2lnbmF0dXJlLXBhcnQ",
    };
    const out = scrubLogLine(JSON.stringify({ msg: Object.values(secrets).join(" and ") }));
    for (const value of Object.values(secrets)) expect(out).not.toContain(value);
    expect(out).toContain("sk_[redacted]");
    expect(out).toContain("whsec_[redacted]");
  });

  it("leaves ordinary values alone: times, amounts, ids, a number failing Luhn", () => {
    const line = JSON.stringify({
      time: "2026-11-23T12:00:00.000Z",
      at: 1795437228157,
      amount: 1000000,
      requestId: "req_01M8470S9AQ5AFGXJF8M32S7H6",
      id: "rt_01M8470S9AQ5AFGXJF8M32S7H6",
      n: "4242424242424241",
    });
    expect(scrubLogLine(line)).toBe(line);
  });

  it("masks a dash-joined digit run that passes Luhn even inside an id (so ids to find in logs carry no long digit runs)", () => {
    // 12239-1795445542255 (a pid and an epoch-ms time) passes Luhn: it made lib/ops/logger.test.ts flaky.
    expect(scrubLogLine(`{"requestId":"logtest-12239-1795445542255"}`)).toBe(
      `{"requestId":"logtest-12239-1********2255"}`,
    );
    expect(scrubLogLine(`{"requestId":"logtest-12239-1795445541900"}`)).toBe(
      `{"requestId":"logtest-12239-1795445541900"}`,
    );
  });
});
