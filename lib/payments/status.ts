import type { TransactionStatus } from "@/lib/db/tables/payments";

/** Transaction state machine: which moves are allowed. Every mutating verb checks here first. */
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
