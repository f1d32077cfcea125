import { type CancellationStatus, countInStates, type TransactionStatus } from "./repository";

/**
 * The one definition of "unsettled" for operators: a payment attempt or cancellation sent to (or
 * about to be sent to) a provider whose outcome we have not recorded yet. When the payment life
 * cycle gains states (an unknown outcome awaiting lookup, say), add them here.
 */
const UNSETTLED_TRANSACTION_STATES: TransactionStatus[] = ["PENDING"];
const UNSETTLED_CANCELLATION_STATES: CancellationStatus[] = ["REQUESTED"];

export type { UnsettledCount } from "./repository";

/** Across every tenant (operators' view). */
export function countUnsettled() {
  return countInStates({ transactions: UNSETTLED_TRANSACTION_STATES, cancellations: UNSETTLED_CANCELLATION_STATES });
}
