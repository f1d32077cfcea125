import { DomainError } from "@/lib/errors/domain-error";
import { PAID_STATES } from "../status";
import type { TransactionRow } from "../transactions/repository";
import { escrowDetailOf } from "./repository";

/** Escrow delivery and purchase completion need a paid escrow payment whose purchase is not yet completed. */
export function assertEscrowOpen(row: TransactionRow): void {
  if (!PAID_STATES.includes(row.status)) throw new DomainError("NOT_PAID", "this payment is not paid");
  if (row.is_escrow !== 1)
    throw new DomainError("INVALID_REQUEST", "this payment is not an escrow payment (is_escrow)");
  if (escrowDetailOf(row)?.status === "COMPLETED")
    throw new DomainError("INVALID_REQUEST", "the escrow purchase is already completed");
}
