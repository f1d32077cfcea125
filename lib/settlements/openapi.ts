import type { Operation } from "@/lib/schema/openapi-types";
import { listPayoutsQuery, listPayoutsResponse, listSettlementsQuery, listSettlementsResponse } from "./query-schema";

export const settlementOperations: Operation[] = [
  {
    method: "get",
    path: "/v2/settlements",
    operationId: "listSettlements",
    summary:
      "List a store's settlements: per payment or refund, the sold and payout dates (Korea time), gross, fees by kind, VAT on fees and net; EXPECTED from the channel's contract terms or CONFIRMED by the PG",
    tag: "settlements",
    family: "payment",
    auth: "token",
    query: listSettlementsQuery,
    response: listSettlementsResponse,
    errors: [400, 403, 404],
  },
  {
    method: "get",
    path: "/v2/settlements/payouts",
    operationId: "listPayouts",
    summary: "List a store's payouts: per payout date, channel and currency, the counts and sums of its settlements",
    tag: "settlements",
    family: "payment",
    auth: "token",
    query: listPayoutsQuery,
    response: listPayoutsResponse,
    errors: [400, 403, 404],
  },
];
