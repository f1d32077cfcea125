import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { payWithBillingKey } from "@/lib/billing-keys/pay-with-billing-key";
import { billingKeyPayBody, paymentParams } from "@/lib/billing-keys/schema";

export const POST = apiRoute(
  { family: "payment", auth: "token", params: paymentParams, body: billingKeyPayBody, amounts: {} },
  ({ ctx, params, body }) => payWithBillingKey({ ctx, input: { ...body, payment_id: params.payment_id } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
