import type { WebhookAttemptsTable, WebhookDeliveriesTable } from "@/lib/db/tables/webhooks";
import { toRfc3339 } from "@/lib/time";
import type { DeliveryAttemptView, DeliveryView } from "./schema";

/**
 * CONTRACT §9's Webhook object: one attempt of one delivery. Headers travel as JSON text and the
 * response code as a string, as in the public API this interface follows; `response` is absent
 * when no HTTP response came (CONNECT_FAILED); `type` is the event (Paid, Cancelled, …).
 */
export function serializeWebhook(attempt: WebhookAttemptsTable, delivery: WebhookDeliveriesTable) {
  return {
    id: attempt.id,
    status: attempt.status,
    type: delivery.event_type,
    url: delivery.url,
    is_async: delivery.is_async === 1,
    current_execution: attempt.execution,
    max_execution: delivery.max_attempts,
    webhook_trigger: delivery.trigger,
    request: { header: attempt.request_header, body: attempt.request_body, requested_at: toRfc3339(attempt.requested_at) },
    ...(attempt.response_code === null
      ? {}
      : {
          response: {
            code: String(attempt.response_code),
            header: attempt.response_header ?? "{}",
            body: attempt.response_body ?? "",
            responded_at: toRfc3339(attempt.responded_at ?? attempt.requested_at),
          },
        }),
    triggered_at: toRfc3339(delivery.created_at),
  };
}

export type WireWebhook = ReturnType<typeof serializeWebhook>;

function headersOf(text: string | null): Record<string, string> | null {
  return text === null ? null : (JSON.parse(text) as Record<string, string>);
}

export function toAttemptView(a: WebhookAttemptsTable): DeliveryAttemptView {
  return {
    id: a.id,
    status: a.status,
    execution: a.execution,
    requestHeader: headersOf(a.request_header) ?? {},
    requestBody: a.request_body,
    requestedAt: toRfc3339(a.requested_at),
    responseCode: a.response_code,
    responseHeader: headersOf(a.response_header),
    responseBody: a.response_body,
    respondedAt: toRfc3339(a.responded_at) ?? null,
    error: a.error,
  };
}

export function toDeliveryView(d: WebhookDeliveriesTable, last: WebhookAttemptsTable | undefined): DeliveryView {
  return {
    id: d.id,
    paymentId: d.payment_id,
    txId: d.tx_id,
    event: d.event_type,
    url: d.url,
    trigger: d.trigger,
    state: d.state,
    attempts: d.attempts,
    maxAttempts: d.max_attempts,
    nextAttemptAt: d.state === "PENDING" ? (toRfc3339(d.next_attempt_at) ?? null) : null,
    createdAt: toRfc3339(d.created_at),
    lastStatus: last?.status ?? null,
    lastCode: last?.response_code ?? null,
  };
}
