import type { Operation } from "@/lib/schema/openapi-types";
import {
  customerParams,
  customerQuery,
  getCustomerResponse,
  listCustomersQuery,
  listCustomersResponse,
} from "./api-schema";

export const customerOperations: Operation[] = [
  {
    method: "get",
    path: "/v2/customers",
    operationId: "listCustomers",
    summary:
      "List a store's customers (from its payments' customer records), newest payment first; `q` finds a name, e-mail or phone number (a phone's digits match with or without dashes)",
    tag: "customers",
    family: "payment",
    auth: "token",
    query: listCustomersQuery,
    response: listCustomersResponse,
    errors: [400, 403, 404],
  },
  {
    method: "get",
    path: "/v2/customers/{customer_id}",
    operationId: "getCustomer",
    summary:
      "Get one customer of a store: the newest contact details their payments carried, a summary of their payments (counts, paid and refunded sums per currency) and the newest payments",
    tag: "customers",
    family: "payment",
    auth: "token",
    params: customerParams,
    query: customerQuery,
    response: getCustomerResponse,
    errors: [400, 403, 404],
  },
];
