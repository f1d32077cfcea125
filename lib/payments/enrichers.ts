import { loadCashReceipts } from "@/lib/cash-receipts/enricher";
import { loadNotifications } from "@/lib/webhooks/notifications";

/**
 * Parts of a Transaction that other areas own (webhook `notifications`, `cash_receipt`). Each area
 * registers a loader here; the payment serializer asks them all for a batch of transaction ids.
 */
export type TransactionExtras = { notifications?: unknown[]; cash_receipt?: unknown };
export type TransactionEnricher = (transactionIds: string[]) => Promise<Map<string, TransactionExtras>>;

export const transactionEnrichers: TransactionEnricher[] = [loadCashReceipts, loadNotifications];

export async function loadExtras(transactionIds: string[]): Promise<Map<string, TransactionExtras>> {
  const merged = new Map<string, TransactionExtras>();
  if (transactionIds.length === 0) return merged;
  for (const enrich of transactionEnrichers) {
    for (const [id, extras] of await enrich(transactionIds)) merged.set(id, { ...merged.get(id), ...extras });
  }
  return merged;
}
