import { describe, expect, it } from "vitest";
import { maskAnswer, maskCardNumbersIn, maskError, maskPgCardNumber } from "./masking";
import { ProviderRefusal } from "./refusal";

describe("the card-number masking rule at the provider boundary", () => {
  it("keeps at most the first 6 and last 4 digits, however the PG masked", () => {
    expect(maskPgCardNumber("4242424242424242")).toBe("424242******4242");
    expect(maskPgCardNumber("12341234****123*")).toBe("123412******123*");
    expect(maskPgCardNumber("100212*****12")).toBe("100212*****12");
    expect(maskPgCardNumber("424242******4242")).toBe("424242******4242");
  });

  it("masks card shapes in free text, and leaves times, amounts and ids alone", () => {
    const text = JSON.stringify({
      number: "4242424242424242",
      grouped: "4242 4242 4242 4242",
      toss: "12341234****123*",
      at: 1763769000000,
      amount: 11000,
      key: "tnhig20251121102047bvrO8",
      transactionKey: "8B4F646A829571D870A3011A4E13D",
    });
    const masked = maskCardNumbersIn(text);
    expect(JSON.parse(masked)).toEqual({
      number: "424242******4242",
      grouped: "424242******4242",
      toss: "123412******123*",
      at: 1763769000000,
      amount: 11000,
      key: "tnhig20251121102047bvrO8",
      transactionKey: "8B4F646A829571D870A3011A4E13D",
    });
  });

  it("masks every answer shape: card facts, kept responses, failure messages, look-ups; an error keeps its class", () => {
    const card = {
      number: "4242424242424242",
      bin: "4242424242424242",
      brand: "VISA" as const,
      card_type: "CREDIT" as const,
      card_owner_type: "PERSONAL" as const,
      publisher: "x",
      issuer: "x",
      name: "VISA 4242424242424242",
    };
    const lookup = maskAnswer({
      status: "APPROVED",
      approval: { ok: true, pgTxId: "p", approvalNumber: "1", card, pgResponse: '{"card":"4242424242424242"}' },
      amount: 1,
    });
    expect(JSON.stringify(lookup)).not.toContain("4242424242");
    expect(lookup.approval.card).toMatchObject({ number: "424242******4242", bin: "424242" });
    expect(maskAnswer({ ok: false, pgCode: "X", pgMessage: "card 4242424242424242 refused" }).pgMessage).toBe(
      "card 424242******4242 refused",
    );
    // A PG's own payment object (Toss's `card` has no bin or name) is masked too.
    expect(maskAnswer({ card: { number: "4242424242424242", approveNo: "1" } })).toEqual({
      card: { number: "424242******4242", approveNo: "1" },
    });
    const refusal = maskError(new ProviderRefusal("card", "card 4242424242424242 is bad"));
    expect(refusal).toBeInstanceOf(ProviderRefusal);
    expect((refusal as Error).message).toBe("card 424242******4242 is bad");
  });
});
