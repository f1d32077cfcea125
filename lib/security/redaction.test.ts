import { describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/providers/sandbox/cards";
import {
  findCardNumbers,
  isSecretMember,
  NOT_SECRET_NAMES,
  redactMembers,
  redactPathAndQuery,
  scrubText,
} from "./redaction";

const CENSOR = "********";
const apiKey = `sk_${"a1B2_c3-D4".repeat(4)}`;
const tossLive = "live_sk_zXLkKEypNArWmo50nX3lmeax";
const tossTest = "test_sk_D5GePWvyJnrK0W0k6q8gLzN97Eoq";

describe("card numbers", () => {
  it("are found whatever their grouping: spaces, dashes, 4-6-5, 13 to 19 digits", () => {
    for (const text of [
      "5555 5555 5555 4444",
      "4111-1111-1111-1111",
      "3782 822463 10005",
      "4222222222222", // 13 digits, an old Visa
      "6011 0009 9013 9424",
      "62 1234 5678 9012 3456 9", // 19 digits in uneven groups
    ]) {
      const digits = text.replace(/[ -]/g, "");
      expect(
        findCardNumbers(text).some((h) => h.digits === digits),
        text,
      ).toBe(true);
    }
  });

  it("are masked to their first six and last four digits, separators kept", () => {
    expect(scrubText("card 5555 5555 5555 4444 and 4111-1111-1111-1111.")).toBe(
      "card 5555 55** **** 4444 and 4111-11**-****-1111.",
    );
    expect(scrubText("3782 822463 10005")).toBe("3782 82**** *0005");
    expect(scrubText("4222222222222")).toBe("422222***2222");
  });

  it("overlapping windows that both pass Luhn are both masked, counted on the original digits", () => {
    // "12 5555 5555 5555" (14 digits) passes Luhn as well as the card after the 12.
    expect(findCardNumbers("12 5555 5555 5555 4444")).toHaveLength(2);
    expect(scrubText("12 5555 5555 5555 4444")).toBe("12 5555 **** **** 4444");
  });

  it("leave prose about credentials alone", () => {
    expect(scrubText("bearer credentials expired")).toBe("bearer credentials expired");
  });

  it("are found inside longer digit runs at group edges: a number after a quantity is still masked", () => {
    const out = scrubText("qty 12 5555 5555 5555 4444 end");
    expect(out).not.toContain("5555 5555 5555 4444");
    expect(out.replace(/\D/g, "")).not.toContain("555555555554444");
  });

  it("leave times, amounts and numbers failing Luhn alone (13-digit runs only with a leading 4)", () => {
    for (const text of ["1795437228157", "1795445542255", "4242424242424241", "amount 1000000", "010-1234-5678"])
      expect(scrubText(text)).toBe(text);
  });

  it("standalone (the scanners'): not inside ids joined by dashes or letters", () => {
    expect(findCardNumbers("pay-12239-1795445542255", { standalone: true })).toEqual([]);
    expect(findCardNumbers("x4111111111111111", { standalone: true })).toEqual([]);
    expect(findCardNumbers('{"n":"4111 1111 1111 1111"}', { standalone: true })).toHaveLength(1);
  });
});

describe("secret values by prefix", () => {
  it("masks our API keys, Toss's live and test secret keys, refresh tokens, webhook secrets, JWTs and bearer credentials", () => {
    const secrets = [
      apiKey,
      tossLive,
      tossTest,
      `rt_${"Zz9-_yY8".repeat(6)}`,
      "whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVldY",
      "eyJhbGciOiJIUzI1NiJ9.eyJtaWQiOiJtZXJjaGFudC0xIn0.c2lnbmF0dXJlLXBhcnQ",
    ];
    const out = scrubText(`${secrets.join(" ")} Bearer abcdefghijklmnop1234 PortOne opaque-credential-99`);
    for (const s of secrets) expect(out).not.toContain(s);
    expect(out).toContain("live_sk_[redacted]");
    expect(out).toContain("test_sk_[redacted]");
    expect(out).toContain("Bearer [redacted]");
    expect(out).not.toContain("abcdefghijklmnop1234");
    expect(out).not.toContain("opaque-credential-99");
  });

  it("keeps a key's 10-character prefix and record ids (rt_ + 26 characters)", () => {
    const text = "key sk_AbCdEfG, token rt_01M8470S9AQ5AFGXJF8M32S7H6";
    expect(scrubText(text)).toBe(text);
  });
});

describe("secret members", () => {
  it("match by pattern and without case", () => {
    for (const name of [
      "password",
      "Password",
      "PASSWD",
      "new_password",
      "passwordTwoDigits",
      "secret",
      "secret_key",
      "client_key",
      "mert_key",
      "apiKey",
      "API-KEY",
      "access_token",
      "refreshToken",
      "webhook_secret",
      "card_number",
      "cardNumber",
      "CVC",
      "otp",
      "identityNumber",
      "authorization",
      "Cookie",
    ])
      expect(isSecretMember(name), name).toBe(true);
  });

  it("spare the listed identifiers and what is said about a secret (its id, hint, prefix, time)", () => {
    for (const name of [
      ...NOT_SECRET_NAMES,
      "Channel_Key",
      "api_key_id",
      "secretKeyHint",
      "key_prefix",
      "token_hash",
      "previousSecretExpiresAt",
      "expiry_month",
      "amount",
    ])
      expect(isSecretMember(name), name).toBe(false);
  });

  it("are replaced whatever their value's shape, and strings elsewhere are scrubbed", () => {
    const out = redactMembers(
      {
        Password: "hunter2",
        secret_key: { nested: "x" },
        client_key: ["a"],
        channel_key: "channel-key-1",
        billing_key: "billing-key-1",
        note: `use ${tossLive}`,
        list: [{ passwd: "p" }],
      },
      { censor: CENSOR },
    );
    expect(JSON.parse(JSON.stringify(out))).toEqual({
      Password: CENSOR,
      secret_key: CENSOR,
      client_key: CENSOR,
      channel_key: "channel-key-1",
      billing_key: "billing-key-1",
      note: "use live_sk_[redacted]",
      list: [{ passwd: CENSOR }],
    });
  });

  it("a string holding a JSON document is redacted as one; an unchanged one is kept as it was", () => {
    const out = redactMembers(
      { pg_response: JSON.stringify({ secret: "ps_abc", paymentKey: "pk" }) },
      { censor: CENSOR },
    );
    expect(JSON.parse((out as { pg_response: string }).pg_response)).toEqual({ secret: CENSOR, paymentKey: "pk" });
    const spaced = '{ "a": 1 }';
    expect(redactMembers({ doc: spaced }, { censor: CENSOR })).toEqual({ doc: spaced });
  });

  it("a body that is a JSON string is scrubbed like any other string", () => {
    expect(redactMembers(apiKey, { censor: CENSOR })).toBe("sk_[redacted]");
  });
});

describe("path and query", () => {
  it("scrubs every segment and parameter and empties parameters named like secrets", () => {
    const out = redactPathAndQuery(
      `/v2/payments/${SANDBOX_CARDS.VISA_OK}?api_key=${apiKey}&Password=hunter2&card=5555%205555%205555%204444&q=${tossLive}&page.size=1`,
      CENSOR,
    );
    expect(out).not.toContain(SANDBOX_CARDS.VISA_OK);
    expect(out).not.toContain(apiKey);
    expect(out).not.toContain("hunter2");
    expect(out).not.toContain("5555%205555%205555%204444");
    expect(out).not.toContain(tossLive);
    expect(out).toContain("api_key=********");
    expect(out).toContain("Password=********");
    expect(out).toContain("page.size=1");
    expect(out.startsWith("/v2/payments/")).toBe(true);
  });

  it("leaves an ordinary path and query as sent", () => {
    const path = "/v2/payments?page.size=1&filter.status=PAID&channel_key=ck%201";
    expect(redactPathAndQuery(path, CENSOR)).toBe(path);
  });
});
