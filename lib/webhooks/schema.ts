import { z } from "zod";
import { callerId, idRef, text } from "@/lib/schema/fields";
import { timestampOut } from "@/lib/schema/wire-records";

/** One schema per input (route, server action, form resolver and OpenAPI share them). */

export const resendWebhookParams = z.object({ payment_id: callerId });
export const resendWebhookQuery = z.object({ store_id: idRef.optional() });
export const resendWebhookBody = z.object({
  tx_id: idRef.optional(),
  webhook_id: idRef.optional(),
});
export type ResendWebhookInput = z.output<typeof resendWebhookBody> & { payment_id: string; store_id?: string };

export const WEBHOOK_EVENT_TYPES = [
  "Paid",
  "VirtualAccountIssued",
  "PartialCancelled",
  "Cancelled",
  "Failed",
  "Test",
] as const;
/** The recorded Webhook `type` in a transaction's notifications (CONTRACT §9). */
export const WEBHOOK_TYPES = [
  "READY",
  "PAID",
  "FAILED",
  "CANCELLED",
  "PARTIAL_CANCELLED",
  "VIRTUAL_ACCOUNT_ISSUED",
  "CANCEL_PENDING",
] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
export const DELIVERY_STATES = ["PENDING", "SUCCEEDED", "FAILED"] as const;
/** The events the platform emits, that an endpoint can subscribe to ("Test" is sent on request only). */
export const SUBSCRIBABLE_EVENTS = ["Paid", "VirtualAccountIssued", "PartialCancelled", "Cancelled", "Failed"] as const;

/** Delivery-log filters; dates are yyyy-MM-dd (UTC) as the URL carries them. */
export const deliveryFilter = z.object({
  state: z.enum(DELIVERY_STATES).optional(),
  endpoint: idRef.optional(),
  event: z.enum(WEBHOOK_EVENT_TYPES).optional(),
  url: text(2000).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be yyyy-MM-dd")
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be yyyy-MM-dd")
    .optional(),
});
export type DeliveryFilter = z.output<typeof deliveryFilter>;

export const listDeliveriesInput = deliveryFilter.extend({
  page: z.number().int().min(0).max(10_000).default(0),
  limit: z.number().int().min(1).max(100).default(20),
});

export const deliveryIdInput = z.object({ id: idRef });

export const rotateSecretInput = z.object({ overlapHours: z.number().int().min(0).max(168) });
export type RotateSecretInput = z.input<typeof rotateSecretInput>;

/** What the dashboard shows of a delivery and its attempts (no rows cross into components). */
export type DeliveryAttemptView = {
  id: string;
  status: "SUCCEEDED" | "REQUEST_FAILED" | "CONNECT_FAILED";
  execution: number;
  requestHeader: Record<string, string>;
  requestBody: string;
  requestedAt: string;
  responseCode: number | null;
  responseHeader: Record<string, string> | null;
  responseBody: string | null;
  respondedAt: string | null;
  error: string | null;
};
export type DeliveryView = {
  id: string;
  paymentId: string | null;
  txId: string | null;
  event: string;
  url: string;
  trigger: string;
  state: (typeof DELIVERY_STATES)[number];
  attempts: number;
  maxAttempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  lastStatus: DeliveryAttemptView["status"] | null;
  lastCode: number | null;
};
export type WebhookSettingsView = {
  secret: string | null;
  previousSecretExpiresAt: string | null;
};

/** CONTRACT §9's Webhook object, as each item of a Transaction's `notifications` holds it. */
const wireWebhook = z.object({
  id: z.string(),
  status: z.enum(["SUCCEEDED", "REQUEST_FAILED", "CONNECT_FAILED"]),
  type: z.enum(WEBHOOK_TYPES),
  url: z.string(),
  is_async: z.boolean(),
  current_execution: z.number().int(),
  max_execution: z.number().int(),
  webhook_trigger: z.enum(["NOTIFICATION_SETTING", "MANUAL", "VIRTUAL_ACCOUNT_DEPOSIT"]),
  request: z.object({ header: z.record(z.string(), z.string()), body: z.string(), requested_at: timestampOut }),
  response: z
    .object({
      code: z.string(),
      header: z.record(z.string(), z.string()),
      body: z.string(),
      responded_at: timestampOut,
    })
    .optional()
    .describe("absent when no HTTP response came (CONNECT_FAILED)"),
  triggered_at: timestampOut,
});

export const wireNotification = z.object({ webhook: wireWebhook });
