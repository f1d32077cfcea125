import { z } from "zod";
import type { Operation } from "@/lib/schema/openapi-types";
import { wirePayment } from "@/lib/payments/read/schema";
import { resendWebhookBody, resendWebhookParams, resendWebhookQuery } from "./schema";

const resendResponse = z.object({
  tx_id: z.string(),
  webhook_id: z.string().optional().describe("the new webhook (attempt) id; absent when it is still in flight"),
  payment: wirePayment,
});

export const webhookOperations: Operation[] = [
  {
    method: "post",
    path: "/v2/payments/{payment_id}/resend-webhook",
    operationId: "resendWebhook",
    summary: "Resend a payment's webhook (default: the latest webhook of the primary transaction)",
    tag: "payments",
    family: "payment",
    auth: "token",
    params: resendWebhookParams,
    query: resendWebhookQuery,
    body: resendWebhookBody,
    response: resendResponse,
    errors: [400, 404],
  },
];
