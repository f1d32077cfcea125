import { createCipheriv } from "node:crypto";
import { digitsOnly } from "@/lib/cards/card-number";
import type { CardCredential } from "../types";

/**
 * `encData` of /v1/subscribe/regist exactly as NICE's document specifies (encMode A2): the
 * BillingKeyData fields as `cardNo=…&expYear=YY&expMonth=MM&idNo=…&cardPw=…`, AES-256-CBC with the
 * secret key (32 bytes) as key and its first 16 characters as IV, PKCS5 padding, hex. The card
 * data lives only in this string for the one request; nothing of it is kept.
 */
export function encDataOf(card: CardCredential, secretKey: string): string {
  const key = Buffer.from(secretKey, "utf8");
  if (key.length !== 32) throw new Error("NICE Payments: the secret key must be 32 bytes (encData's AES-256 key)");
  const plain = new URLSearchParams({
    cardNo: digitsOnly(card.card_number),
    expYear: card.expiry_year.slice(-2),
    expMonth: card.expiry_month.padStart(2, "0"),
    idNo: digitsOnly(card.birth_or_business_registration_number),
    cardPw: card.password_two_digits,
  }).toString();
  const cipher = createCipheriv("aes-256-cbc", key, Buffer.from(secretKey.slice(0, 16), "utf8"));
  return Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]).toString("hex");
}
