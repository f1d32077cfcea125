import { apiRoute } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/methods";
import { listCustomersQuery } from "@/lib/customers/api-schema";
import { listCustomers } from "@/lib/customers/list-customers";

export const GET = apiRoute({ family: "payment", auth: "token", query: listCustomersQuery }, ({ ctx, query }) =>
  listCustomers({ ctx, input: query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
