import type { Operation } from "@/lib/api/openapi-types";
import { listPaymentsQuery, scrollPaymentsQuery } from "./list-schema";
import { listPaymentsResponse, scrollPaymentsResponse } from "./responses";

export const paymentListOperations: Operation[] = [
  {
    method: "get",
    path: "/v2/payments",
    summary: "List payments (paged, filtered)",
    tag: "payments",
    family: "payment",
    auth: "token",
    query: listPaymentsQuery,
    response: listPaymentsResponse,
    errors: [400, 403, 404],
  },
  {
    method: "get",
    path: "/v2/payments/scroll",
    summary: "Scroll payments by creation time",
    tag: "payments",
    family: "payment",
    auth: "token",
    query: scrollPaymentsQuery,
    response: scrollPaymentsResponse,
    errors: [400, 403, 404],
  },
];
