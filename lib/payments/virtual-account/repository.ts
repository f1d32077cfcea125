import { z } from "zod";
import { parseStoredJson, type TransactionRow } from "../repository";

/**
 * Virtual accounts' reading of their transaction's JSON columns, parsed and checked once. Their
 * writes are the transaction's state moves (lib/payments/transition.ts, through
 * transactions/repository.ts); the row is found and locked there too.
 */
export type MethodDetail = { virtual_account?: Record<string, unknown> } & Record<string, unknown>;

const methodDetail = z.looseObject({ virtual_account: z.record(z.string(), z.unknown()).optional() });

/** The transaction's payment_method_detail (the wire's PaymentMethodDetail), an empty one before it has any. */
export function methodDetailOf(row: TransactionRow): MethodDetail {
  const where = `transactions.payment_method_detail of ${row.id}`;
  return parseStoredJson(row.payment_method_detail ?? "{}", (v) => methodDetail.parse(v), where);
}

const storedCustomer = z.looseObject({ name: z.string().nullish() });

/** The payer's name as the payment recorded it (the remitter of a deposit), if any. */
export function customerNameOf(row: TransactionRow): string | undefined {
  const where = `transactions.customer of ${row.id}`;
  return parseStoredJson(row.customer, (v) => storedCustomer.parse(v), where).name ?? undefined;
}
