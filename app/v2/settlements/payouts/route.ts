import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { listPayouts } from "@/lib/settlements/list-payouts";
import { listPayoutsQuery } from "@/lib/settlements/query-schema";

export const GET = apiRoute({ family: "payment", auth: "token", query: listPayoutsQuery }, ({ ctx, query }) =>
  listPayouts({ ctx, input: query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
