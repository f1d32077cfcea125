import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { scrollPaymentsQuery } from "@/lib/payments/read/schema";
import { scrollPayments } from "@/lib/payments/read/scroll-payments";

export const GET = apiRoute({ family: "payment", auth: "token", query: scrollPaymentsQuery }, ({ ctx, query }) =>
  scrollPayments({ ctx, input: query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
