import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { cancelPayment } from "@/lib/payments/cancel/cancel-payment";
import { CANCEL_AMOUNTS, cancelBody, paymentPathParams, storeQuery } from "@/lib/payments/schema";

/** store_id may come in the query (spec) or the body. */
export const POST = apiRoute(
  {
    family: "payment",
    auth: "token",
    params: paymentPathParams,
    query: storeQuery,
    body: cancelBody,
    amounts: CANCEL_AMOUNTS,
  },
  ({ ctx, params, query, body }) =>
    cancelPayment({
      ctx,
      input: { ...body, store_id: query.store_id ?? body.store_id, payment_id: params.payment_id },
    }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
