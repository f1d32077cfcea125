import { type Transaction as Tx, transaction } from "@/lib/db/transaction";
import { lockTransaction, type TransactionRow } from "../transactions/repository";
import { transitionTransaction } from "../transition";
import { runDepositHooks } from "./deposit-hooks";
import { customerNameOf, methodDetailOf } from "./repository";

/** The deposit itself, inside the caller's DB transaction on the locked row: PAID with its webhook and every deposit hook. */
export async function payInDeposit(tx: Tx, row: TransactionRow, now = Date.now()): Promise<TransactionRow> {
  const detail = methodDetailOf(row);
  const remitter = customerNameOf(row);
  if (detail.virtual_account && remitter) detail.virtual_account.remitter_name = remitter;
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
  return transaction(async (tx) => {
    const row = await lockTransaction(tx, txId);
    if (row.paid_at !== null) return "ALREADY_PAID";
    if (row.status !== "VIRTUAL_ACCOUNT_ISSUED") return "NOT_AWAITING_DEPOSIT";
    await payInDeposit(tx, row);
    return "PAID";
  });
}
