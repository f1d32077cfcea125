import { cashReceiptEnricher } from "@/lib/cash-receipts/enricher";
import { notificationsEnricher } from "@/lib/webhooks/notifications";
import type { TransactionEnricher, TransactionExtras } from "./enricher-type";

export const transactionEnrichers: TransactionEnricher[] = [cashReceiptEnricher, notificationsEnricher];

/** A transaction's extras from its enrichers' columns (`DetailedTransactionRecord.enriched`); the serializer calls it. */
export function extrasOf(row: Record<string, unknown>): TransactionExtras {
  let merged: TransactionExtras = {};
  for (const enricher of transactionEnrichers) merged = { ...merged, ...enricher.extras(row[enricher.column]) };
  return merged;
}
