import { timingSafeEqual } from "node:crypto";
import type { TossPayment } from "./payment-object";

/**
 * Toss's DEPOSIT_CALLBACK body. It carries no signature: its `secret` is compared with the Payment
 * object's, read from Toss itself (GET /v1/payments/orders/{orderId}), never stored.
 */
export type DepositCallback = {
  createdAt?: string;
  secret: string;
  status: "DONE" | "CANCELED" | "WAITING_FOR_DEPOSIT" | "PARTIAL_CANCELED";
  transactionKey?: string;
  orderId: string;
};

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What Toss's own record says about the callback: forged (secret differs), paid in, or not (yet) paid. */
export function judgeDepositCallback(
  callback: DepositCallback,
  atToss: TossPayment | null,
): "FORGED" | "DEPOSITED" | "NOT_DEPOSITED" {
  if (!atToss?.secret || !sameSecret(atToss.secret, callback.secret) || atToss.orderId !== callback.orderId)
    return "FORGED";
  // Toss's record, not the callback's status, decides: a callback may be late or out of order.
  return atToss.status === "DONE" || atToss.status === "PARTIAL_CANCELED" ? "DEPOSITED" : "NOT_DEPOSITED";
}
