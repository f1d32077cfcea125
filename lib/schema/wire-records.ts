import { z } from "zod";
import { COUNTRIES, CURRENCIES } from "@/lib/iso-codes";

/**
 * The spec's shared sub-records as response schemas, for the OpenAPI document. The document is
 * generated in output mode, so every object here is closed (`additionalProperties: false`): the
 * conformance test then fails on any member a serializer adds without documenting it.
 */
export const wireCountry = z.enum(COUNTRIES);
export const wireCurrency = z.enum(CURRENCIES);
export const timestampOut = z.string().describe("RFC 3339, UTC with milliseconds");

const wireSeparatedAddress = z.object({
  country: wireCountry.optional(),
  province: z.string().optional(),
  city: z.string().optional(),
  address_line_1: z.string(),
  address_line_2: z.string(),
});

export const wireCustomer = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  birthYear: z.string().optional(),
  gender: z.enum(["MALE", "FEMALE", "OTHER"]).optional(),
  email: z.string().optional(),
  phone_number: z.string().optional(),
  one_line_address: z.string().optional(),
  separated_address: wireSeparatedAddress.optional(),
  zipcode: z.string().optional(),
});

export const wireOrigin = z.object({
  platform_type: z.enum(["PC", "MOBILE", "API"]),
  user_agent: z.string().optional(),
  url: z.string().optional(),
  ip_address: z.string(),
});

export const wireChannel = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  type: z.enum(["LIVE", "TEST"]),
  pg_provider: z.string(),
  pg_merchant_id: z.string(),
});

export const wireProduct = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string().optional(),
  code: z.string().optional(),
  amount: z.number().int(),
  quantity: z.number().int(),
});

/** Card facts a provider reports (masked number only). */
export const wireCardDetail = z.object({
  number: z.string(),
  bin: z.string().optional(),
  brand: z.enum(["LOCAL", "MASTER", "UNIONPAY", "VISA", "JCB", "AMEX", "DINERS"]).optional(),
  card_type: z.enum(["CREDIT", "DEBIT", "GIFT"]).optional(),
  card_owner_type: z.enum(["PERSONAL", "CORPORATE"]).optional(),
  publisher: z.string().optional(),
  issuer: z.string().optional(),
  name: z.string().optional(),
});
