import { describe, expect, it } from "vitest";
import { scanDatabase, scanText } from "@/lib/testing/secret-scan";

/**
 * Runs after the whole suite (vitest project "at-rest", groupOrder 1) on the database every other
 * test wrote to, LIVE-channel payments through the Toss adapter included (e2e/api/toss-live.test.ts):
 * no table may hold a card number (nor a masked one showing more than its first 6 and last 4
 * digits), CVC, card password digits, resident number, API key, refresh token or OTP in clear.
 */
describe("data at rest after the full suite", () => {
  it("the scanner recognises each kind of secret", () => {
    const kinds: string[] = [];
    const report = (kind: string) => kinds.push(kind);
    scanText('{"card_credential":{"card_number":"4242424242424242","password_two_digits":"12"},"cvc":"123"}', report);
    scanText(`sk_${"A".repeat(40)}`, report);
    scanText(`rt_${"b".repeat(43)}`, report);
    scanText('{"registration_number":"900101-1234567"}', report);
    scanText('{"otp":"123456"}', report);
    scanText('{"card":{"number":"12341234****123*"}}', report);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "card number",
        "card number in member card_number",
        "card password digits in member password_two_digits",
        "CVC in member cvc",
        "API key",
        "refresh token",
        "resident number",
        "resident number in member registration_number",
        "OTP in member otp",
        "masked card number showing more than 10 digits",
      ]),
    );
    const clean: string[] = [];
    scanText('{"number":"424242******4242","identityNumber":"1","requested_at":1763769000000}', (k) => clean.push(k));
    scanText("v1.abc.Zm9vcnRfdldhNnh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eA.dGFn", (k) => clean.push(k));
    scanText(`xyzrt_${"b".repeat(43)} and abcsk_${"A".repeat(40)}`, (k) => clean.push(k));
    expect(clean).toEqual([]);
  });

  it("the scanner recognises grouped and 13-digit card numbers, Toss keys, bearer credentials and members named like secrets in any case", () => {
    const cases: [string, string][] = [
      ["card 5555 5555 5555 4444", "card number"],
      ['{"note":"4111-1111-1111-1111"}', "card number"],
      ["3782 822463 10005", "card number"],
      ["4222222222222", "card number"],
      ['{"note":"live_sk_zXLkKEypNArWmo50nX3lmeax"}', "Toss secret key"],
      ["test_sk_D5GePWvyJnrK0W0k6q8gLzN97Eoq", "Toss secret key"],
      ["Authorization: Bearer abcdefghijklmnopqrstuvwxyz", "Authorization credential"],
      ['{"Password":"hunter2"}', "secret in member Password"],
      ['{"passwd":"hunter2"}', "secret in member passwd"],
      ['{"secret_key":"abc"}', "secret in member secret_key"],
      ['{"client_key":"abc"}', "secret in member client_key"],
      ['{"a":{"mert_key":"abc"}}', "secret in member mert_key"],
    ];
    for (const [text, kind] of cases) {
      const kinds: string[] = [];
      scanText(text, (k) => kinds.push(k));
      expect(kinds, text).toContain(kind);
    }
    const clean: string[] = [];
    for (const text of [
      '{"channel_key":"ch-1","billing_key":"bk-1","idempotency_key":"k","Password":"********","previous_secret_valid_hours":24}',
      "pay-12239-1795445542255 at 1795437228157",
      "sk_AbCdEfG",
    ])
      scanText(text, (k) => clean.push(`${k}: ${text}`));
    expect(clean).toEqual([]);
  });

  it("no table holds a secret in clear", async () => {
    const { findings, rows, tables } = await scanDatabase();
    expect(tables).toBeGreaterThan(10);
    expect(rows).toBeGreaterThan(0);
    expect(findings).toEqual([]);
  });
});
