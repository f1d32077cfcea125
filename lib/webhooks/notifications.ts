import { jsonRows, parseJsonRows } from "@/lib/db/json-rows";
import type { TransactionEnricher } from "@/lib/payments/enrichers";
import { serializeNotification, type NotificationAttempt, type NotificationDelivery } from "./serialize";

type Row = NotificationAttempt & { [K in keyof NotificationDelivery as `delivery_${K}`]: NotificationDelivery[K] };

/** Transaction enricher: each transaction's webhook attempts, oldest first, as `notifications`. */
export const notificationsEnricher: TransactionEnricher = {
  column: "x_notifications",
  rows: (eb) =>
    jsonRows(
      eb
        .selectFrom("webhook_attempts as a")
        .innerJoin("webhook_deliveries as d", "d.id", "a.delivery_id")
        .select([
          "a.id", "a.status", "a.execution", "a.request_header", "a.request_body", "a.requested_at",
          "a.response_code", "a.response_header", "a.response_body", "a.responded_at",
          "d.event_type as delivery_event_type", "d.url as delivery_url", "d.is_async as delivery_is_async",
          "d.max_attempts as delivery_max_attempts", "d.trigger as delivery_trigger", "d.created_at as delivery_created_at",
        ])
        .whereRef("a.tx_id", "=", "transactions.id"),
    ),
  extras(value) {
    const rows = parseJsonRows<Row>(value);
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
