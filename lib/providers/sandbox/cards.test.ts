import { describe, expect, it } from "vitest";
import { maskCardNumber, passesLuhn } from "@/lib/cards/card-number";
import { validateCard } from "@/lib/cards/validate-card";
import { describeCard, SANDBOX_CARDS } from "./cards";

const card = (card_number: string) => ({
  card_number,
  expiry_month: "12",
  expiry_year: "2099",
  birth_or_business_registration_number: "900101",
  password_two_digits: "12",
});

describe("sandbox cards", () => {
  it("checks Luhn", () => {
    for (const n of Object.values(SANDBOX_CARDS)) expect(passesLuhn(n)).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
  });
  it("masks to BIN + last 4", () => {
    expect(maskCardNumber("4242424242424242")).toBe("424242******4242");
  });
  it("describes brand and owner type", () => {
    expect(describeCard(card(SANDBOX_CARDS.MASTER_OK)).brand).toBe("MASTER");
    expect(
      describeCard({ ...card(SANDBOX_CARDS.VISA_OK), birth_or_business_registration_number: "1234567890" })
        .card_owner_type,
    ).toBe("CORPORATE");
  });
  it("refuses expired cards and bad credentials", () => {
    expect(validateCard({ ...card(SANDBOX_CARDS.VISA_OK), expiry_year: "2001" })?.field).toBe("expiry_year");
    expect(validateCard({ ...card(SANDBOX_CARDS.VISA_OK), password_two_digits: "1" })?.field).toBe(
      "password_two_digits",
    );
    expect(validateCard(card("4242424242424241"))?.field).toBe("card_number");
    expect(validateCard(card(SANDBOX_CARDS.VISA_OK))).toBeNull();
  });
});
