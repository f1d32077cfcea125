import { getDb } from "@/lib/db/client";
import type { TransactionExtras } from "@/lib/payments/enrichers";
import { serializeNotification } from "./serialize";

/** Transaction enricher: each transaction's webhook attempts, oldest first, as `notifications`. */
export async function loadNotifications(transactionIds: string[]): Promise<Map<string, TransactionExtras>> {
  const out = new Map<string, TransactionExtras>();
  const attempts = await getDb().selectFrom("webhook_attempts").selectAll().where("tx_id", "in", transactionIds).orderBy("requested_at").orderBy("id").execute();
  if (attempts.length === 0) return out;
  const deliveryIds = [...new Set(attempts.map((a) => a.delivery_id))];
  const deliveries = new Map((await getDb().selectFrom("webhook_deliveries").selectAll().where("id", "in", deliveryIds).execute()).map((d) => [d.id, d]));
  for (const attempt of attempts) {
    const delivery = deliveries.get(attempt.delivery_id);
    if (!delivery || !attempt.tx_id) continue;
    const list = out.get(attempt.tx_id)?.notifications ?? [];
    list.push(serializeNotification(attempt, delivery));
    out.set(attempt.tx_id, { notifications: list });
  }
  return out;
}
