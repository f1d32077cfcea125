import { createHash, timingSafeEqual } from "node:crypto";
import { NiceOutcomeUnknown } from "./client";

/**
 * NICE's tamper checks (its document): `signData` on requests, hex(sha256(fields + ediDate +
 * SecretKey)) with each operation's own fields, and `signature` on PaymentResponse answers,
 * hex(sha256(tid + amount + ediDate + SecretKey)).
 */
function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** ediDate as the document's examples write it: ISO 8601 in Korean time (2025-06-30T21:00:00+09:00). */
export function ediDateNow(ms = Date.now()): string {
  return `${new Date(ms + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;
}

/** `{ ediDate, signData }` for a request whose signData covers `fields` (in the document's order). */
export function signedFields(fields: Array<string | number>, secretKey: string): { ediDate: string; signData: string } {
  const ediDate = ediDateNow();
  return { ediDate, signData: sha256Hex(`${fields.join("")}${ediDate}${secretKey}`) };
}

type SignedAnswer = { tid?: unknown; amount?: unknown; ediDate?: unknown; signature?: unknown; status?: unknown };

/** Statuses of a PaymentResponse that report money NICE holds or returned: never trusted unsigned. */
const MONEY_STATUSES = new Set(["paid", "cancelled", "partialCancelled"]);

/**
 * Checks a PaymentResponse's `signature`. An answer that reports money (or carries a signature at
 * all) must verify; one that does not is no answer we can trust, so it is an unknown outcome and
 * the caller looks the order up instead.
 */
export function verifyPaymentSignature(answer: SignedAnswer, secretKey: string, what: string): void {
  const reportsMoney = typeof answer.status === "string" && MONEY_STATUSES.has(answer.status);
  if (answer.signature === undefined && !reportsMoney) return;
  const { tid, amount, ediDate, signature } = answer;
  const expected =
    typeof tid === "string" && typeof amount === "number" && typeof ediDate === "string"
      ? sha256Hex(`${tid}${amount}${ediDate}${secretKey}`)
      : null;
  const given = typeof signature === "string" ? Buffer.from(signature.toLowerCase(), "utf8") : null;
  if (expected && given && given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, "utf8")))
    return;
  throw new NiceOutcomeUnknown(
    "unreadable_answer",
    `${what}: the answer's signature ${signature === undefined ? "is missing" : "does not verify"}; NICE is asked again`,
  );
}
