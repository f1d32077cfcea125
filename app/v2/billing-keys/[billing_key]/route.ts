import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { deleteBillingKey } from "@/lib/billing-keys/delete-billing-key";
import { getBillingKey } from "@/lib/billing-keys/get-billing-key";
import { billingKeyParams, storeQuery } from "@/lib/billing-keys/schema";

const config = { family: "payment", auth: "token", params: billingKeyParams, query: storeQuery } as const;

export const GET = apiRoute(config, ({ ctx, params, query }) => getBillingKey({ ctx, input: { ...query, ...params } }));

export const DELETE = apiRoute(config, ({ ctx, params, query }) =>
  deleteBillingKey({ ctx, input: { ...query, ...params } }),
);

export const { POST, PUT, PATCH, OPTIONS } = otherMethods({ GET, DELETE });
