import type { ExpressionBuilder, RawBuilder } from "kysely";
import { cashReceiptEnricher } from "@/lib/cash-receipts/enricher";
import type { DB } from "@/lib/db/schema";
import { notificationsEnricher } from "@/lib/webhooks/notifications";

/**
 * Parts of a Transaction that other areas own (webhook `notifications`, `cash_receipt`). Each area
 * gives a correlated subquery (its rows of `transactions.id` as a JSON array, lib/db/json-rows.ts)
 * and how those rows become extras, so a payment and everything shown with it load in one statement.
 */
export type TransactionExtras = { notifications?: unknown[]; cash_receipt?: unknown };
export type TransactionEnricher = {
  /** The result column carrying the JSON array (unique among enrichers). */
  column: string;
  rows: (eb: ExpressionBuilder<DB, "transactions">) => RawBuilder<unknown>;
  extras: (value: unknown) => TransactionExtras;
};

export const transactionEnrichers: TransactionEnricher[] = [cashReceiptEnricher, notificationsEnricher];

/** A transaction's extras from its enrichers' columns (`DetailedTransactionRecord.enriched`); the serializer calls it. */
export function extrasOf(row: Record<string, unknown>): TransactionExtras {
  let merged: TransactionExtras = {};
  for (const enricher of transactionEnrichers) merged = { ...merged, ...enricher.extras(row[enricher.column]) };
  return merged;
}
