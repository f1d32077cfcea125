import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { listPayments } from "@/lib/payments/read/list-payments";
import { listPaymentsQuery } from "@/lib/payments/read/schema";

export const GET = apiRoute({ family: "payment", auth: "token", query: listPaymentsQuery }, ({ ctx, query }) =>
  listPayments({ ctx, input: query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
