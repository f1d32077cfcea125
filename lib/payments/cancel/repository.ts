import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { IllegalTransitionError, requireRows } from "@/lib/db/conditional";
import type { CancellationStatus, CancellationsTable } from "@/lib/db/tables/payments";
import { CANCELLATION_TRANSITIONS } from "./status";

export type CancellationPatch = Partial<
  Pick<CancellationsTable, "pg_cancellation_id" | "cancelled_at" | "failure_pg_code" | "failure_pg_message">
>;

/**
 * The one way a cancellation changes state: checks the state table and writes conditionally on
 * the state the caller read. The transaction's own move (and its webhook) is the caller's next
 * step, in the same DB transaction (settle-cancellation.ts).
 */
export async function transitionCancellation(
  tx: Tx,
  c: CancellationsTable,
  to: CancellationStatus,
  patch: CancellationPatch = {},
): Promise<CancellationsTable> {
  if (!CANCELLATION_TRANSITIONS[c.status].includes(to))
    throw new IllegalTransitionError("cancellation", c.id, c.status, to);
  const set = { ...patch, status: to, lookup_due_at: null };
  const result = await tx
    .updateTable("cancellations")
    .set(set)
    .where("id", "=", c.id)
    .where("status", "=", c.status)
    .executeTakeFirst();
  requireRows(result, 1, `cancellation ${c.id} ${c.status} → ${to}`);
  await recordAudit(tx, {
    merchantId: c.merchant_id,
    action: "cancellation.status_change",
    targetId: c.payment_id,
    before: { cancellation_id: c.id, status: c.status, amount: c.cancel_amount },
    after: { status: to },
  });
  return { ...c, ...set };
}
