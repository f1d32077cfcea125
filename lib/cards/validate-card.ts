import { digitsOnly, passesLuhn } from "./card-number";

/** A card as a payer types it (the same fields as the API's card_credential). */
export type CardCredentialInput = {
  card_number: string;
  expiry_month: string;
  expiry_year: string;
  birth_or_business_registration_number: string;
  password_two_digits: string;
};

export type CardProblem = { field: string; message: string } | null;

/** Checks the card the way a provider's front door would: Luhn, expiry in the future, credential digits. */
export function validateCard(card: CardCredentialInput, now = new Date()): CardProblem {
  const number = digitsOnly(card.card_number);
  if (!passesLuhn(number)) return { field: "card_number", message: "card_number is not a valid card number" };
  const month = Number(card.expiry_month);
  const year = Number(card.expiry_year.length === 2 ? `20${card.expiry_year}` : card.expiry_year);
  if (!Number.isInteger(month) || month < 1 || month > 12)
    return { field: "expiry_month", message: "expiry_month must be 01–12" };
  if (
    !Number.isInteger(year) ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    return { field: "expiry_year", message: "the card has expired" };
  }
  if (!/^(\d{6}|\d{10})$/.test(digitsOnly(card.birth_or_business_registration_number))) {
    return {
      field: "birth_or_business_registration_number",
      message: "must be a 6-digit birth date or a 10-digit business number",
    };
  }
  if (!/^\d{2}$/.test(card.password_two_digits)) return { field: "password_two_digits", message: "must be 2 digits" };
  return null;
}
