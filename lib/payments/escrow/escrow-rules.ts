import { DomainError } from "@/lib/errors/domain-error";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { PAID_STATES } from "./status";

/** The spec's EscrowDetail as stored on the transaction (wire shape). */
export type EscrowDetail = {
  company: string;
  invoice_number: string;
  status: "REGISTERED" | "COMPLETED";
  sent_at: string;
  applied_at: string;
};

export function escrowDetailOf(row: TransactionsTable): EscrowDetail | null {
  return row.escrow_detail ? (JSON.parse(row.escrow_detail) as EscrowDetail) : null;
}

/** Escrow delivery and purchase completion need a paid escrow payment whose purchase is not yet completed. */
export function assertEscrowOpen(row: TransactionsTable): void {
  if (!PAID_STATES.includes(row.status)) throw new DomainError("NOT_PAID", "this payment is not paid");
  if (row.is_escrow !== 1)
    throw new DomainError("INVALID_REQUEST", "this payment is not an escrow payment (is_escrow)");
  if (escrowDetailOf(row)?.status === "COMPLETED")
    throw new DomainError("INVALID_REQUEST", "the escrow purchase is already completed");
}
