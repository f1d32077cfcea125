import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { paymentPathParams, storeQuery } from "@/lib/payments/schema";
import { voidVirtualAccount } from "@/lib/payments/virtual-account/void-virtual-account";

export const DELETE = apiRoute(
  { family: "payment", auth: "token", params: paymentPathParams, query: storeQuery, amounts: {} },
  ({ ctx, params, query }) =>
    voidVirtualAccount({ ctx, input: { payment_id: params.payment_id, store_id: query.store_id } }),
);

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
