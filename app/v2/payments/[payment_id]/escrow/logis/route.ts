import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { registerEscrowLogistics } from "@/lib/payments/escrow/register-escrow-logistics";
import { escrowLogisticsBody, paymentPathParams, storeQuery } from "@/lib/payments/schema";

/** store_id may come in the body (spec) or the query. */
export const POST = apiRoute(
  { family: "payment", auth: "token", params: paymentPathParams, query: storeQuery, body: escrowLogisticsBody },
  ({ ctx, params, query, body }) =>
    registerEscrowLogistics({
      ctx,
      input: { ...body, store_id: body.store_id ?? query.store_id, payment_id: params.payment_id },
    }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
