import { z } from "zod";
import { COUNTRIES, CURRENCIES } from "@/lib/iso-codes";
import { amount, int32, text } from "@/lib/schema/fields";

/** Enumerations shared by several areas (spec "Shared enumerations"). */
const gender = z.enum(["MALE", "FEMALE", "OTHER"]);
/** CONTRACT §1: values outside ISO 3166-1 alpha-2 / ISO 4217 are 400 INVALID_REQUEST (`ZZ`, `ZZZ`). */
export const country = z.enum(COUNTRIES, { error: "must be an ISO 3166-1 alpha-2 country code" });
export const currency = z.enum(CURRENCIES, { error: "must be an ISO 4217 alphabetic currency code" });

export const addressForm = z.object({
  address_line_1: text(300).min(1),
  address_line_2: text(300),
  city: text(100).optional(),
  province: text(100).optional(),
  country: country.optional(),
});

/**
 * `{full_name}` alone, or both `first_name` and `last_name`. Unknown members are ignored like
 * everywhere else (CONTRACT §1); mixing the two forms is ambiguous and refused.
 */
const customerNameForm = z
  .object({
    full_name: text(200).min(1).optional(),
    first_name: text(100).min(1).optional(),
    last_name: text(100).min(1).optional(),
  })
  .refine(
    (n) =>
      n.full_name !== undefined
        ? n.first_name === undefined && n.last_name === undefined
        : n.first_name !== undefined && n.last_name !== undefined,
    {
      error: "customer_name needs full_name alone, or both first_name and last_name",
    },
  );

const customerFields = {
  phone_number: text(40).optional(),
  customer_name: customerNameForm.optional(),
  email: text(320).optional(),
  zipcode: text(20).optional(),
  address: addressForm.optional(),
  gender: gender.optional(),
  birth_year: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  birth_month: z
    .string()
    .regex(/^\d{1,2}$/)
    .optional(),
  birth_day: z
    .string()
    .regex(/^\d{1,2}$/)
    .optional(),
  country: country.optional(),
};

/** CONTRACT §4 CustomerForm. */
export const customerForm = z.object({ customer_id: text(200).min(1).optional(), ...customerFields });
/** CustomerForm without customer_id (billing-key pay, schedules). */
export const customerFormWithoutId = z.object(customerFields);

export type CustomerForm = z.infer<typeof customerForm>;

export const product = z.object({
  id: text(200).min(1),
  name: text(500).min(1),
  tag: text(200).optional(),
  code: text(200).optional(),
  amount: amount,
  quantity: int32(),
});
export type Product = z.infer<typeof product>;
