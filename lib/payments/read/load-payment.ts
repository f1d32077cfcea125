import type { Executor } from "@/lib/db/transaction";
import type { PaymentKey } from "../repository";
import { serializePayment, type WirePayment } from "../serialize";
import { findPayment, findPaymentsByKeys } from "./repository/payment-rows";

/**
 * One payment in wire shape, or null when the store has no payment with that id: the answer of
 * every payment verb (read, cancel, void, deposit, resend). One statement.
 */
export async function loadPayment(merchantId: string, key: PaymentKey, db?: Executor): Promise<WirePayment | null> {
  const payment = await findPayment(merchantId, key, db);
  return payment && serializePayment(payment);
}

/** Full payments (all their transactions) in wire shape for the given keys, in the keys' order. */
export async function loadPaymentsInOrder(
  merchantId: string,
  keys: { store_id: string; payment_id: string }[],
): Promise<WirePayment[]> {
  return (await findPaymentsByKeys(merchantId, keys)).map(serializePayment);
}
