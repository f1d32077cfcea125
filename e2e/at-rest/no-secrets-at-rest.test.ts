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

  it("no table holds a secret in clear", async () => {
    const { findings, rows, tables } = await scanDatabase();
    expect(tables).toBeGreaterThan(10);
    expect(rows).toBeGreaterThan(0);
    expect(findings).toEqual([]);
  });
});
