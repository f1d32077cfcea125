import { getDb, type Tx } from "@/lib/db/client";
import { IllegalTransitionError, requireRows } from "@/lib/db/conditional";
import type { LateApprovalStatus, LateApprovalsTable, TransactionsTable } from "@/lib/db/tables/payments";
import { newId } from "@/lib/ids";
import { LATE_APPROVAL_TRANSITIONS } from "../../status";
import { logger } from "@/lib/ops/logger";

/**
 * Records money the provider took for an attempt we had settled FAILED. The refund is due at once
 * (the sweep sends it, keyed by this row's id, so sending it again never refunds twice).
 * One per attempt: a second report of the same late approval changes nothing.
 */
export async function recordLateApproval(
  tx: Tx,
  row: TransactionsTable,
  found: { kind: LateApprovalsTable["kind"]; pgTxId: string },
): Promise<void> {
  const now = Date.now();
  await tx
    .insertInto("late_approvals")
    .values({
      id: newId("refund-"),
      merchant_id: row.merchant_id,
      store_id: row.store_id,
      transaction_id: row.id,
      payment_id: row.payment_id,
      kind: found.kind,
      pg_tx_id: found.pgTxId,
      amount: row.total_amount,
      currency: row.currency,
      status: "REFUND_REQUESTED",
      detected_at: now,
      resolved_at: null,
      pg_cancellation_id: null,
      failure_pg_code: null,
      failure_pg_message: null,
      lookup_due_at: now,
      lookup_attempts: 0,
      last_lookup_error: null,
    })
    .onConflict((oc) => oc.column("transaction_id").doNothing())
    .execute();
  logger.warn(
    `late approval: attempt ${row.id} (payment ${row.payment_id}) is FAILED but the provider took ${row.total_amount} ${row.currency} (${found.pgTxId}); refunding`,
  );
}

/** The late approval's one state change, checked against its state table and written conditionally. */
export async function transitionLateApproval(
  tx: Tx,
  row: LateApprovalsTable,
  to: LateApprovalStatus,
  patch: Partial<Pick<LateApprovalsTable, "pg_cancellation_id" | "failure_pg_code" | "failure_pg_message">> = {},
): Promise<LateApprovalsTable> {
  if (!LATE_APPROVAL_TRANSITIONS[row.status].includes(to))
    throw new IllegalTransitionError("late approval", row.id, row.status, to);
  const set = { ...patch, status: to, resolved_at: Date.now(), lookup_due_at: null };
  const result = await tx
    .updateTable("late_approvals")
    .set(set)
    .where("id", "=", row.id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  requireRows(result, 1, `late approval ${row.id} ${row.status} → ${to}`);
  return { ...row, ...set };
}

/** The late approval as it stands now (after a refund call changed nothing). */
export function currentLateApproval(id: string): Promise<LateApprovalsTable> {
  return getDb().selectFrom("late_approvals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
