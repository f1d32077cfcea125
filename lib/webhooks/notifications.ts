import type { TransactionEnricher } from "@/lib/payments/read/repository/enricher-type";
import { attemptsOfTransaction, parseTransactionAttempts } from "./repository";
import { serializeNotification } from "./serialize";

/** Transaction enricher: each transaction's webhook attempts, oldest first, as `notifications`. */
export const notificationsEnricher: TransactionEnricher = {
  column: "x_notifications",
  rows: attemptsOfTransaction,
  extras(value) {
    const rows = parseTransactionAttempts(value);
    if (rows.length === 0) return {};
    rows.sort((x, y) => x.requested_at - y.requested_at || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    return {
      notifications: rows.map((r) =>
        serializeNotification(r, {
          event_type: r.delivery_event_type,
          url: r.delivery_url,
          is_async: r.delivery_is_async,
          max_attempts: r.delivery_max_attempts,
          trigger: r.delivery_trigger,
          created_at: r.delivery_created_at,
        }),
      ),
    };
  },
};
