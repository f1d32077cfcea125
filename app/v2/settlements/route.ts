import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { listSettlements } from "@/lib/settlements/list-settlements";
import { listSettlementsQuery } from "@/lib/settlements/query-schema";

export const GET = apiRoute({ family: "payment", auth: "token", query: listSettlementsQuery }, ({ ctx, query }) =>
  listSettlements({ ctx, input: query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
