import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { getPayment } from "@/lib/payments/read/get-payment";
import { paymentPathParams, storeQuery } from "@/lib/payments/schema";

export const GET = apiRoute(
  { family: "payment", auth: "token", params: paymentPathParams, query: storeQuery },
  ({ ctx, params, query }) => getPayment({ ctx, input: { payment_id: params.payment_id, store_id: query.store_id } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
