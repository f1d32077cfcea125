import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { IllegalTransitionError, requireRows } from "@/lib/db/conditional";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { z } from "zod";
import { parseStoredJson } from "../repository";
import { ESCROW_TRANSITIONS, type EscrowState } from "../status";

/** The spec's EscrowDetail as stored on the transaction (wire shape). */
export type EscrowDetail = {
  company: string;
  invoice_number: string;
  status: "REGISTERED" | "COMPLETED";
  sent_at: string;
  applied_at: string;
};

const storedEscrowDetail = z.object({
  company: z.string(),
  invoice_number: z.string(),
  status: z.enum(["REGISTERED", "COMPLETED"]),
  sent_at: z.string(),
  applied_at: z.string(),
});

/** The escrow's delivery and purchase state (escrow_detail), parsed and checked; null before a delivery is registered. */
export function escrowDetailOf(row: TransactionsTable): EscrowDetail | null {
  if (!row.escrow_detail) return null;
  return parseStoredJson(
    row.escrow_detail,
    (v) => storedEscrowDetail.parse(v),
    `transactions.escrow_detail of ${row.id}`,
  );
}

export function escrowStateOf(row: TransactionsTable): EscrowState {
  return escrowDetailOf(row)?.status ?? "NONE";
}

/**
 * The one way an escrow's state changes (delivery registered, purchase completed): checks the
 * state table and writes conditionally on the row as the caller read it under its lock. Escrow
 * moves announce no webhook (the spec has none).
 */
export async function transitionEscrow(
  tx: Tx,
  row: TransactionsTable,
  detail: EscrowDetail,
): Promise<TransactionsTable> {
  const from = escrowStateOf(row);
  if (!ESCROW_TRANSITIONS[from].includes(detail.status))
    throw new IllegalTransitionError("escrow", row.id, from, detail.status);
  const set = { escrow_detail: JSON.stringify(detail), updated_at: Math.max(Date.now(), row.updated_at + 1) };
  const result = await tx
    .updateTable("transactions")
    .set(set)
    .where("id", "=", row.id)
    .where("updated_at", "=", row.updated_at)
    .executeTakeFirst();
  requireRows(result, 1, `escrow of ${row.id} ${from} → ${detail.status}`);
  await recordAudit(tx, {
    merchantId: row.merchant_id,
    action: "escrow.status_change",
    targetId: row.payment_id,
    before: { tx_id: row.id, status: from },
    after: { status: detail.status },
  });
  return { ...row, ...set };
}
