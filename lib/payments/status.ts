import type { CancellationStatus, LateApprovalStatus, TransactionStatus } from "./transactions/repository";

/**
 * State tables of the payment records. The transition functions (transition.ts,
 * cancel/repository.ts, escrow/repository.ts, unsettled/repository/late-approvals.ts) refuse any
 * move not listed here.
 *
 * A transaction is PENDING from the moment it is recorded until the provider's outcome is known;
 * an outcome we could not learn (timeout, crash, network error) keeps it PENDING with a look-up
 * due (docs/payments.md). FAILED is final: an approval arriving after it is a late approval.
 */
export const TRANSACTION_TRANSITIONS: Record<TransactionStatus, TransactionStatus[]> = {
  READY: ["PENDING", "FAILED", "CANCELLED"],
  PENDING: ["PAID", "VIRTUAL_ACCOUNT_ISSUED", "FAILED"],
  VIRTUAL_ACCOUNT_ISSUED: ["PAID", "CANCELLED", "FAILED"],
  PAID: ["PARTIAL_CANCELLED", "CANCELLED"],
  PARTIAL_CANCELLED: ["PARTIAL_CANCELLED", "CANCELLED"],
  FAILED: [],
  CANCELLED: [],
};

export function canMove(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSACTION_TRANSITIONS[from].includes(to);
}

/** A payment counts as paid (money was taken) in these states. */
export const PAID_STATES: TransactionStatus[] = ["PAID", "PARTIAL_CANCELLED"];

/** A cancellation is REQUESTED (amount reserved, outcome not yet known) until the provider answers. */
export const CANCELLATION_TRANSITIONS: Record<CancellationStatus, CancellationStatus[]> = {
  REQUESTED: ["SUCCEEDED", "FAILED"],
  SUCCEEDED: [],
  FAILED: [],
};

/** A late approval is refunded (or its account voided) at the provider, or refused there (needs attention). */
export const LATE_APPROVAL_TRANSITIONS: Record<LateApprovalStatus, LateApprovalStatus[]> = {
  REFUND_REQUESTED: ["REFUNDED", "REFUND_REFUSED"],
  REFUNDED: [],
  REFUND_REFUSED: [],
};

/** Escrow: delivery registered (again, to change it), then the purchase completed. */
export type EscrowState = "NONE" | "REGISTERED" | "COMPLETED";
export const ESCROW_TRANSITIONS: Record<EscrowState, EscrowState[]> = {
  NONE: ["REGISTERED"],
  REGISTERED: ["REGISTERED", "COMPLETED"],
  COMPLETED: [],
};
