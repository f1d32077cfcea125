import { z } from "zod";
import { text } from "@/lib/schema/fields";

/**
 * A card as the API takes it (CONTRACT §4 and §5): key-in payments and billing-key issuance share
 * these fields and rules. Client-safe: no db imports. Deeper checks (Luhn, expiry in the future)
 * are the provider's front door's (./validate-card.ts).
 */
export const cardCredential = z.object({
  card_number: text(40).min(1),
  expiry_month: z.string().regex(/^\d{1,2}$/, "must be a month (01–12)"),
  expiry_year: z.string().regex(/^(\d{2}|\d{4})$/, "must be a 2- or 4-digit year"),
  birth_or_business_registration_number: text(20).min(1),
  password_two_digits: z.string().regex(/^\d{2}$/, "must be 2 digits"),
});

export const cardCvc = z.string().regex(/^\d{3,4}$/, "must be 3 or 4 digits");

/** 3-D Secure results the caller obtained itself. */
export const cardVbv = z.object({ cavv: text(200).min(1), xid: text(200).min(1), eci: text(20).min(1) });
