import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { noticeVirtualAccountDeposit } from "@/lib/payments/virtual-account/notice-virtual-account-deposit";
import { paymentPathParams, storeQuery } from "@/lib/payments/schema";

export const POST = apiRoute(
  { family: "payment", auth: "token", params: paymentPathParams, query: storeQuery },
  ({ ctx, params, query }) =>
    noticeVirtualAccountDeposit({ ctx, input: { payment_id: params.payment_id, store_id: query.store_id } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
