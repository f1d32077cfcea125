import { z } from "zod";
import { timestampOut } from "@/lib/api/wire-records";
import { WEBHOOK_TYPES } from "./schema";

/** CONTRACT §9's Webhook object, as each item of a Transaction's `notifications` holds it. */
export const wireWebhook = z.object({
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
