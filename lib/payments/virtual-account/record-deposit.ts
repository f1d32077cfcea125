import { withTransaction, type Tx } from "@/lib/db/client";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { runDepositHooks } from "./deposit-hooks";
import { lockTransaction } from "./locks";
import { transitionTransaction } from "./transition";

type MethodDetail = { virtual_account?: Record<string, unknown> };

/** The deposit itself, inside the caller's DB transaction on the locked row: PAID with its webhook and every deposit hook. */
export async function payInDeposit(tx: Tx, row: TransactionsTable, now = Date.now()): Promise<TransactionsTable> {
  const detail = JSON.parse(row.payment_method_detail ?? "{}") as MethodDetail;
  const customer = JSON.parse(row.customer) as { name?: string };
  if (detail.virtual_account && customer.name) detail.virtual_account.remitter_name = customer.name;
  const paid = await transitionTransaction(tx, row, "PAID", {
    paid_at: now,
    paid_amount: row.total_amount,
    payment_method_detail: JSON.stringify(detail),
  });
  await runDepositHooks(tx, paid);
  return paid;
}

export type DepositOutcome = "PAID" | "ALREADY_PAID" | "NOT_AWAITING_DEPOSIT";

/**
 * A provider reported the deposit for attempt `txId` (a real PG's deposit callback, once
 * verified): VIRTUAL_ACCOUNT_ISSUED becomes PAID once; a redelivery finds it paid and changes nothing.
 */
export async function recordProviderDeposit(txId: string): Promise<DepositOutcome> {
  return withTransaction(async (tx) => {
    const row = await lockTransaction(tx, txId);
    if (row.paid_at !== null) return "ALREADY_PAID";
    if (row.status !== "VIRTUAL_ACCOUNT_ISSUED") return "NOT_AWAITING_DEPOSIT";
    await payInDeposit(tx, row);
    return "PAID";
  });
}
