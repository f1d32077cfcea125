import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { instantPay } from "@/lib/payments/pay/instant-pay";
import { instantPayBody, paymentPathParams } from "@/lib/payments/schema";

export const POST = apiRoute(
  { family: "payment", auth: "token", params: paymentPathParams, body: instantPayBody, amounts: {} },
  ({ ctx, params, body }) => instantPay({ ctx, input: { ...body, payment_id: params.payment_id } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
