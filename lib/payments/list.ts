import type { AuthContext } from "@/lib/auth/context";
import { getDb } from "@/lib/db/client";
import { countPayments } from "./list-count";
import { pageKeys } from "./list-page";
import { resolvePaymentScope, resolveWindow } from "./list-query";
import type { ListPaymentsInput } from "./list-schema";
import { detailedTransactions, serializePayments, type DetailedTransaction } from "./repository";
import type { WirePayment } from "./serialize";

export type PaymentPage = { current_page: number; total_page: number; total_count: number; payments: WirePayment[] };

/**
 * GET /v2/payments: one page of payments (filtered and sorted on their primary transaction), with
 * every transaction of each payment in the answer.
 */
export async function listPayments({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: ListPaymentsInput;
}): Promise<PaymentPage> {
  const scope = await resolvePaymentScope(ctx, input.store_id);
  const window = resolveWindow(input);
  const [total, primaries] = await Promise.all([countPayments(scope, input, window), pageKeys(scope, input, window)]);
  return {
    current_page: input.page,
    total_page: Math.ceil(total / input.limit),
    total_count: total,
    payments: await loadPaymentsInOrder(scope.merchantId, primaries),
  };
}

/** Full payments (all their transactions) for the given keys, in the keys' order. */
export async function loadPaymentsInOrder(
  merchantId: string,
  keys: { store_id: string; payment_id: string }[],
): Promise<WirePayment[]> {
  if (keys.length === 0) return [];
  const rows = (await detailedTransactions(getDb())
    .where("transactions.merchant_id", "=", merchantId)
    .where("transactions.store_id", "in", [...new Set(keys.map((k) => k.store_id))])
    .where("transactions.payment_id", "in", [...new Set(keys.map((k) => k.payment_id))])
    .execute()) as DetailedTransaction[];
  // Sorted here: an ORDER BY would tempt the planner onto a time index instead of the payment index.
  rows.sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // The IN lists may pair a store with another store's payment id; the key lookup drops those.
  const byKey = new Map(serializePayments(rows).map((p) => [`${p.store_id}\u0000${p.id}`, p]));
  return keys
    .map((k) => byKey.get(`${k.store_id}\u0000${k.payment_id}`))
    .filter((p): p is WirePayment => p !== undefined);
}
