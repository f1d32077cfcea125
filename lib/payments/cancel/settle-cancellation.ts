import { sql } from "kysely";
import { withTransaction, type Tx } from "@/lib/db/client";
import { requireRows } from "@/lib/db/conditional";
import type { CancellationsTable, TransactionsTable } from "@/lib/db/tables/payments";
import type { Cancelled, ProviderFailure } from "@/lib/providers/types";
import { transitionCancellation } from "./cancellation-transition";
import { lockTransaction } from "./locks";
import { transitionTransaction } from "./transition";
import { logger } from "@/lib/ops/logger";

/** What the provider said about a cancellation, from its answer or a look-up. */
export type CancellationAnswer =
  | { kind: "succeeded"; cancelled: Cancelled }
  | { kind: "refused"; failure: ProviderFailure };

async function confirmedCancelledAmount(tx: Tx, transactionId: string): Promise<number> {
  const { total } = await tx
    .selectFrom("cancellations")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("cancel_amount"), sql<number>`0`).as("total"))
    .where("transaction_id", "=", transactionId)
    .where("status", "=", "SUCCEEDED")
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The provider refunded: the cancellation SUCCEEDED, the payment PARTIAL_CANCELLED or CANCELLED with its webhook. */
async function recordSucceeded(
  tx: Tx,
  row: TransactionsTable,
  c: CancellationsTable,
  cancelled: Cancelled,
): Promise<void> {
  const now = Date.now();
  await transitionCancellation(tx, c, "SUCCEEDED", {
    pg_cancellation_id: cancelled.pgCancellationId,
    cancelled_at: now,
  });
  const confirmed = await confirmedCancelledAmount(tx, row.id);
  const detail =
    row.method === "VIRTUAL_ACCOUNT" && row.payment_method_detail ? JSON.parse(row.payment_method_detail) : null;
  if (detail?.virtual_account) detail.virtual_account.refund_status = "COMPLETED";
  await transitionTransaction(tx, row, confirmed >= row.paid_amount ? "CANCELLED" : "PARTIAL_CANCELLED", {
    cancelled_at: now,
    ...(detail ? { payment_method_detail: JSON.stringify(detail) } : {}),
  });
}

/** The provider refused: the cancellation FAILED and its reserved amount released; the payment is unchanged. */
async function recordRefused(
  tx: Tx,
  row: TransactionsTable,
  c: CancellationsTable,
  failure: ProviderFailure,
): Promise<void> {
  await transitionCancellation(tx, c, "FAILED", {
    failure_pg_code: failure.pgCode,
    failure_pg_message: failure.pgMessage,
  });
  const released = await tx
    .updateTable("transactions")
    .set({
      cancelled_amount: sql<number>`cancelled_amount - ${c.cancel_amount}`,
      cancelled_tax_free_amount: sql<number>`cancelled_tax_free_amount - ${c.tax_free_amount}`,
      updated_at: Math.max(Date.now(), row.updated_at + 1),
    })
    .where("id", "=", row.id)
    .where("cancelled_amount", ">=", c.cancel_amount)
    .executeTakeFirst();
  requireRows(released, 1, `release of cancellation ${c.id} on transaction ${row.id}`);
}

/**
 * Records the provider's answer for a cancellation, once, whoever learns it first (the request or
 * a look-up). The transaction row is locked first, as every cancellation step does, so lock order
 * never crosses. An answer for a settled cancellation changes nothing.
 */
export async function settleCancellation(
  cancellationId: string,
  answer: CancellationAnswer,
): Promise<CancellationsTable> {
  return withTransaction(async (tx) => {
    const { transaction_id } = await tx
      .selectFrom("cancellations")
      .select("transaction_id")
      .where("id", "=", cancellationId)
      .executeTakeFirstOrThrow();
    const row = await lockTransaction(tx, transaction_id);
    const c = await tx
      .selectFrom("cancellations")
      .selectAll()
      .where("id", "=", cancellationId)
      .executeTakeFirstOrThrow();
    if (c.status !== "REQUESTED") {
      if ((c.status === "SUCCEEDED") !== (answer.kind === "succeeded"))
        logger.warn(`cancellation ${c.id} is ${c.status} but the provider now answers ${answer.kind}`);
      return c;
    }
    if (answer.kind === "succeeded") await recordSucceeded(tx, row, c, answer.cancelled);
    else await recordRefused(tx, row, c, answer.failure);
    return tx.selectFrom("cancellations").selectAll().where("id", "=", cancellationId).executeTakeFirstOrThrow();
  });
}
