import { getDb } from "@/lib/db/client";
import type { CancellationStatus, TransactionStatus } from "@/lib/db/tables/payments";

/**
 * The one definition of "unsettled" for operators: a payment attempt or cancellation sent to (or
 * about to be sent to) a provider whose outcome we have not recorded yet. When the payment life
 * cycle gains states (an unknown outcome awaiting lookup, say), add them here.
 */
export const UNSETTLED_TRANSACTION_STATES: TransactionStatus[] = ["PENDING"];
export const UNSETTLED_CANCELLATION_STATES: CancellationStatus[] = ["REQUESTED"];

export type UnsettledCount = { count: number; oldestAt: number | null };

/** Across every tenant (operators' view); both reads use the status indexes of migration 0050. */
export async function countUnsettled(): Promise<{ transactions: UnsettledCount; cancellations: UnsettledCount }> {
  const db = getDb();
  const [transactions, cancellations] = await Promise.all([
    db
      .selectFrom("transactions")
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min<number | null>("status_updated_at").as("oldestAt")])
      .where("status", "in", UNSETTLED_TRANSACTION_STATES)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("cancellations")
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min<number | null>("requested_at").as("oldestAt")])
      .where("status", "in", UNSETTLED_CANCELLATION_STATES)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    transactions: { count: Number(transactions.count), oldestAt: transactions.oldestAt === null ? null : Number(transactions.oldestAt) },
    cancellations: { count: Number(cancellations.count), oldestAt: cancellations.oldestAt === null ? null : Number(cancellations.oldestAt) },
  };
}
