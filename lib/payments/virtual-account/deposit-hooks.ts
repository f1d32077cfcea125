import { queueAutoCashReceipt } from "@/lib/cash-receipts/auto-issue";
import type { Transaction as Tx } from "@/lib/db/transaction";
import type { TransactionRow } from "../transactions/repository";

/**
 * Work other areas attach to a virtual-account deposit (e.g. cash receipts issued at deposit).
 * Each hook runs inside the deposit's DB transaction, after the transaction row is PAID, so its
 * writes commit with the deposit or not at all. A hook that throws fails the deposit.
 */
export type DepositHook = (tx: Tx, transaction: TransactionRow) => Promise<void>;

export const depositHooks: DepositHook[] = [queueAutoCashReceipt];

export async function runDepositHooks(tx: Tx, transaction: TransactionRow): Promise<void> {
  for (const hook of depositHooks) await hook(tx, transaction);
}
