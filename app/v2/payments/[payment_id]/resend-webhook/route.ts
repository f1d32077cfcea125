import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { resendWebhook } from "@/lib/webhooks/resend-webhook";
import { resendWebhookBody, resendWebhookParams, resendWebhookQuery } from "@/lib/webhooks/schema";

export const POST = apiRoute(
  { family: "payment", auth: "token", params: resendWebhookParams, query: resendWebhookQuery, body: resendWebhookBody },
  ({ ctx, params, query, body }) =>
    resendWebhook({ ctx, input: { ...body, payment_id: params.payment_id, store_id: query.store_id } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
