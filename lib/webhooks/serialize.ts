import { toRfc3339 } from "@/lib/time";
import type { AttemptRecord, DeliveryRecord, NotificationAttempt, NotificationDelivery } from "./repository";
import type { DeliveryAttemptView, DeliveryView, WebhookType } from "./schema";

/** The webhook body's `status` spelling → the recorded Webhook `type` enum (CONTRACT §9). */
const WEBHOOK_TYPE: Record<string, WebhookType> = {
  Paid: "PAID",
  VirtualAccountIssued: "VIRTUAL_ACCOUNT_ISSUED",
  PartialCancelled: "PARTIAL_CANCELLED",
  Cancelled: "CANCELLED",
  Failed: "FAILED",
  Ready: "READY",
  CancelPending: "CANCEL_PENDING",
};

export type { NotificationAttempt, NotificationDelivery } from "./repository";

/**
 * One item of a Transaction's `notifications` (CONTRACT §9): `{webhook: Webhook}`, one per attempt
 * of a delivery. Headers are objects, the response code a string; `response` is absent when no
 * HTTP response came (CONNECT_FAILED); `type` is the enum (PAID), not the body's `Paid`.
 */
export function serializeNotification(attempt: NotificationAttempt, delivery: NotificationDelivery) {
  return {
    webhook: {
      id: attempt.id,
      status: attempt.status,
      type: WEBHOOK_TYPE[delivery.event_type] ?? delivery.event_type,
      url: delivery.url,
      is_async: delivery.is_async === 1,
      current_execution: attempt.execution,
      max_execution: delivery.max_attempts,
      webhook_trigger: delivery.trigger,
      request: {
        header: attempt.request_header,
        body: attempt.request_body,
        requested_at: toRfc3339(attempt.requested_at),
      },
      ...(attempt.response_code === null
        ? {}
        : {
            response: {
              code: String(attempt.response_code),
              header: attempt.response_header ?? {},
              body: attempt.response_body ?? "",
              responded_at: toRfc3339(attempt.responded_at ?? attempt.requested_at),
            },
          }),
      triggered_at: toRfc3339(delivery.created_at),
    },
  };
}

export type WireNotification = ReturnType<typeof serializeNotification>;

export function toAttemptView(a: AttemptRecord): DeliveryAttemptView {
  return {
    id: a.id,
    status: a.status,
    execution: a.execution,
    requestHeader: a.request_header,
    requestBody: a.request_body,
    requestedAt: toRfc3339(a.requested_at),
    responseCode: a.response_code,
    responseHeader: a.response_header,
    responseBody: a.response_body,
    respondedAt: toRfc3339(a.responded_at) ?? null,
    error: a.error,
  };
}

export function toDeliveryView(d: DeliveryRecord, last: AttemptRecord | undefined): DeliveryView {
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
